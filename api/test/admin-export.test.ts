import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { reportLines } from '@app/core/admin';
import {
  createAdminSession,
  createUser,
  jsonHeaders,
  ORIGIN,
  startTestApp,
  type TestContext,
} from './support/test-app.js';

let ctx: TestContext;
let admin: { cookie: string };
let base: string;
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await createAdminSession(ctx.app, ctx.sql);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => ctx?.close());
const deps = () => ({ sql: ctx.sql, redis: ctx.redis, prefix: ctx.config.REDIS_PREFIX });

const AUCTIONS = 10_000;
const LOCATION = `=1+1, Springfield ${'x'.repeat(1000)}`;
/**
 * What a streaming server and this reader hold at once: a few batches of 500 rows, the socket's and the parser's
 * buffers (measured at 2-4 MB). A report built in memory holds all of its 12 MB (measured +15 MB).
 */
const HEAP_BOUND_MB = 8;
// A full collection before each heap reading, so the figure is what is still held.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('Export Report', () => {
  it(`streams ${AUCTIONS} auctions as CSV with bounded memory; a CSV parser reads every row back`, async () => {
    const before = (
      await ctx.sql<
        { n: number }[]
      >`select count(*)::int as n from auctions where created_at > now() - interval '30 days'`
    )[0]!.n;
    // A description with every character CSV must escape, and a name a spreadsheet would run as a formula; a long
    // location so the whole report (about ${AUCTIONS} KB) dwarfs what a streaming server holds at once.
    await ctx.sql`
      insert into cars (vin, year, make, model, mileage, condition, description)
      select 'EXP' || lpad(i::text, 14, '0'), 2020, 'Make, "Quoted"', E'Model\nwith a line break', 1000, 'Good', '=HYPERLINK("x")'
      from generate_series(1, ${AUCTIONS}) as i`;
    await ctx.sql`
      insert into auctions (car_id, starting_bid, start_time, end_time, location)
      select id, 1000, now(), now() + interval '7 days', ${LOCATION} from cars where vin like 'EXP%'`;

    // The server and this reader share one process. The live heap (measured after a full collection, so garbage
    // from batches already sent does not count) is sampled as the report arrives; this reader keeps only a count.
    const liveHeap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const heapBefore = liveHeap();
    let peakHeap = heapBefore;
    const res = await fetch(`${base}/api/admin/export?tab=auctions&period=30d`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="report-auctions-30d.csv"');
    // Chunked, not a body built in memory with a length.
    expect(res.headers.get('content-length')).toBeNull();
    peakHeap = Math.max(peakHeap, liveHeap());

    let rows = 0;
    let header: string[] = [];
    let sample: string[] | undefined;
    const parser = parse({ relax_column_count: false });
    parser.on('readable', () => {
      let r: string[] | null;
      while ((r = parser.read() as string[] | null) !== null) {
        if (rows === 0) header = r;
        else if (!sample && r[header.indexOf('vin')]!.startsWith('EXP')) sample = r;
        rows += 1;
      }
    });
    const done = new Promise<void>((resolve, reject) => {
      parser.on('end', resolve);
      parser.on('error', reject);
    });
    let chunks = 0;
    let bytes = 0;
    for await (const chunk of res.body!) {
      chunks += 1;
      bytes += (chunk as Uint8Array).byteLength;
      parser.write(chunk);
      if (chunks % 32 === 0) peakHeap = Math.max(peakHeap, liveHeap());
    }
    parser.end();
    await done;

    expect(header).toContain('vin');
    expect(rows - 1).toBe(before + AUCTIONS);
    expect(chunks).toBeGreaterThan(1);
    expect(sample![header.indexOf('make')]).toBe('Make, "Quoted"');
    expect(sample![header.indexOf('model')]).toBe('Model\nwith a line break');
    expect(sample![header.indexOf('location')]).toBe(`'${LOCATION}`);
    const peakMb = (peakHeap - heapBefore) / 1e6;
    console.info(
      `export: ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB in ${chunks} chunks, live heap at most +${peakMb.toFixed(1)} MB`,
    );
    // Built in memory, the report would hold every row and the whole text at once (more than its ${(bytes / 1e6).toFixed(0)} MB).
    expect(bytes).toBeGreaterThan(10e6);
    expect(peakMb).toBeLessThan(HEAP_BOUND_MB);
  });

  it('rows are read from the database a batch at a time, only as the reader takes them', async () => {
    const lines = reportLines(deps(), { tab: 'auctions', period: '1y' });
    let taken = 0;
    for await (const _line of lines) if (++taken === 10) break;
    // Ten lines taken, then the reader stopped (the for-await's break closed the generator): the cursor was left
    // after one batch of 500, the query never ran to its 10,000 rows.
    expect(taken).toBe(10);
    const lines2 = reportLines(deps(), { tab: 'auctions', period: '1y' });
    await lines2.next();
    const open = await ctx.sql<{ state: string }[]>`
      select state from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query like '%join cars c on c.id = a.car_id where a.created_at%'`;
    // One batch read, the portal suspended on the server waiting for the next fetch: not idle, not finished.
    expect(open.length).toBe(1);
    expect(open[0]!.state).not.toBe('idle');
    await lines2.return(undefined);
  });

  it('exports users and revenue for the period, and is for admins only', async () => {
    await createUser(ctx.sql, { name: '@admin, "the" boss' });
    const res = await fetch(`${base}/api/admin/export?tab=users&period=7d`, { headers: { cookie: admin.cookie } });
    const text = await res.text();
    expect(text).toContain(`"'@admin, ""the"" boss"`);
    expect(
      (await fetch(`${base}/api/admin/export?tab=revenue&period=7d`, { headers: { cookie: admin.cookie } })).status,
    ).toBe(200);
    expect((await fetch(`${base}/api/admin/export?tab=auctions`)).status).toBe(401);
    expect((await fetch(`${base}/api/admin/export?tab=secrets`, { headers: { cookie: admin.cookie } })).status).toBe(
      400,
    );
  });

  it('neutralises formulas for spreadsheets that split at commas and for those that split at semicolons', async () => {
    const name = 'Bob;=1+1;@SUM(9)';
    await createUser(ctx.sql, { name, email: `formula-${Date.now()}@example.test` });
    const text = await (
      await fetch(`${base}/api/admin/export?tab=users&period=7d`, { headers: { cookie: admin.cookie } })
    ).text();
    // Read as written (commas): one cell, the name with its formulas turned to text.
    const rows = parseSync(text) as string[][];
    const row = rows.find((r) => r.some((c) => c.startsWith('Bob;')))!;
    expect(row[rows[0]!.indexOf('name')]).toBe("Bob;'=1+1;'@SUM(9)");
    // Read as a spreadsheet in a decimal-comma locale does (semicolons): the parts are cells, and none is a formula.
    const semicolon = parseSync(text, { delimiter: ';', relax_quotes: true, relax_column_count: true }) as string[][];
    const cells = semicolon.flat();
    expect(cells).toContain("'=1+1");
    expect(cells.filter((c) => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(c))).toEqual([]);
    expect(cells.some((c) => c.startsWith("'@SUM(9)"))).toBe(true);
  });

  it('each tab exports its own data: the overview its figures, security its lists, settings the settings and their changes', async () => {
    const csv = async (tab: string, period = '7d') => {
      const res = await fetch(`${base}/api/admin/export?tab=${tab}&period=${period}`, {
        headers: { cookie: admin.cookie },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="report-${tab}-${period}.csv"`);
      return parseSync(await res.text()) as string[][];
    };
    const overview = await csv('overview', '1y');
    expect(overview[0]).toEqual(['figure', 'value']);
    expect(overview.find((r) => r[0] === 'auctions_ended')).toBeDefined();

    const email = `guessed-${Date.now()}@example.test`;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      remoteAddress: '10.7.7.7',
      payload: { email, password: 'wrong-password-123' },
    });
    const security = await csv('security');
    expect(security[0]).toEqual(['section', 'subject', 'count', 'detail']);
    expect(security).toContainEqual(['failed_sign_ins_by_account', email, '1', '']);
    expect(security).toContainEqual(['failed_sign_ins_by_address', '10.7.7.7', '1', '']);
    expect(security.find((r) => r[0] === 'throttled_requests')).toEqual([
      'throttled_requests',
      'total',
      expect.stringMatching(/^\d+$/),
      '',
    ]);

    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: jsonHeaders(admin.cookie),
      payload: { defaultDurationDays: 14 },
    });
    expect(changed.statusCode).toBe(200);
    const settings = await csv('settings');
    expect(settings[0]).toEqual(['section', 'key', 'value', 'admin', 'at']);
    expect(settings).toContainEqual(['setting', 'defaultDurationDays', '14', '', '']);
    const change = settings.find((r) => r[0] === 'setting.changed' && r[1] === 'defaultDurationDays')!;
    expect(JSON.parse(change[2]!)).toEqual({ from: 7, to: 14 });
    expect(change[3]).toBe('Test Admin');
  });
});
