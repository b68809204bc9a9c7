import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse';
import { reportLines } from '../src/services/admin-export.js';
import { createAdminSession, createUser, startTestApp, type TestContext } from './support/test-app.js';

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

const AUCTIONS = 10_000;

describe('Export Report', () => {
  it(`streams ${AUCTIONS} auctions as CSV with bounded memory; a CSV parser reads every row back`, async () => {
    const before = (await ctx.sql<{ n: number }[]>`select count(*)::int as n from auctions where created_at > now() - interval '30 days'`)[0]!.n;
    // A description with every character CSV must escape, and a name a spreadsheet would run as a formula.
    await ctx.sql`
      insert into cars (vin, year, make, model, mileage, condition, description)
      select 'EXP' || lpad(i::text, 14, '0'), 2020, 'Make, "Quoted"', E'Model\nwith a line break', 1000, 'Good', '=HYPERLINK("x")'
      from generate_series(1, ${AUCTIONS}) as i`;
    await ctx.sql`
      insert into auctions (car_id, starting_bid, start_time, end_time, location)
      select id, 1000, now(), now() + interval '7 days', '=1+1, Springfield' from cars where vin like 'EXP%'`;

    const res = await fetch(`${base}/api/admin/export?tab=auctions&period=30d`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="report-auctions-30d.csv"');
    // Chunked, not a body built in memory with a length.
    expect(res.headers.get('content-length')).toBeNull();

    const heapBefore = process.memoryUsage().heapUsed;
    let peakHeap = heapBefore;
    const records: string[][] = [];
    const parser = parse({ relax_column_count: false });
    parser.on('readable', () => {
      let r: string[] | null;
      while ((r = parser.read() as string[] | null) !== null) records.push(r);
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    });
    const done = new Promise<void>((resolve, reject) => {
      parser.on('end', resolve);
      parser.on('error', reject);
    });
    let chunks = 0;
    for await (const chunk of res.body!) {
      chunks += 1;
      parser.write(chunk);
    }
    parser.end();
    await done;

    expect(records[0]).toContain('vin');
    expect(records.length - 1).toBe(before + AUCTIONS);
    expect(chunks).toBeGreaterThan(1);
    const header = records[0]!;
    const sample = records.find((r) => r[header.indexOf('vin')]!.startsWith('EXP'))!;
    expect(sample[header.indexOf('make')]).toBe('Make, "Quoted"');
    expect(sample[header.indexOf('model')]).toBe('Model\nwith a line break');
    expect(sample[header.indexOf('location')]).toBe("'=1+1, Springfield");
    // The server and this reader share one process: the whole export never lifts the heap by more than a few batches.
    console.info(`export: ${records.length} rows in ${chunks} chunks, peak heap +${Math.round((peakHeap - heapBefore) / 1e6)} MB`);
  });

  it('rows are read from the database a batch at a time, only as the reader takes them', async () => {
    const lines = reportLines(ctx.sql, { tab: 'auctions', period: '1y' });
    let taken = 0;
    for await (const _line of lines) if (++taken === 10) break;
    // Ten lines taken, then the reader stopped (the for-await's break closed the generator): the cursor was left
    // after one batch of 500, the query never ran to its 10,000 rows.
    expect(taken).toBe(10);
    const lines2 = reportLines(ctx.sql, { tab: 'auctions', period: '1y' });
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
    expect((await fetch(`${base}/api/admin/export?tab=revenue&period=7d`, { headers: { cookie: admin.cookie } })).status).toBe(200);
    expect((await fetch(`${base}/api/admin/export?tab=overview&period=1y`, { headers: { cookie: admin.cookie } })).status).toBe(200);
    expect((await fetch(`${base}/api/admin/export?tab=auctions`)).status).toBe(401);
    expect((await fetch(`${base}/api/admin/export?tab=secrets`, { headers: { cookie: admin.cookie } })).status).toBe(400);
  });
});
