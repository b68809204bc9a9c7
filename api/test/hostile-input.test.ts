// Hostile input against every route the OpenAPI document lists: a fixed corpus of nasty values in every path
// parameter, query parameter and body field, then property-based arbitrary JSON bodies. Whatever arrives, the answer
// is never a 5xx, is always a JSON error when refused, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createAdminSession, createAuction, createUserSession, multipartFile, ORIGIN, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let userCookie: string;
let adminCookie: string;
let auctionId: number;

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: boolean;
}

const TABLES = ['users', 'cars', 'auctions', 'bids', 'comments', 'chat_messages', 'bid_alerts', 'escrow_transactions', 'dispute_resolutions', 'photo_uploads', 'outbox', 'sessions'];

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = (await ctx.sql<{ n: number }[]>`select count(*)::int as n from ${ctx.sql(t)}`)[0]!.n;
  return out;
}

function deep(n: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < n; i += 1) v = { a: [v] };
  return v;
}

/** Values no route should accept as a valid id, amount, text or flag. */
const CORPUS: unknown[] = [
  '\u0000', 'abc\u0000def', '\uD800', '\uDFFF\uD800', 'x'.repeat(1_000_000), '', ' ', '12abc', '1e3', '0x10', '-1', '0',
  2_147_483_648, 9_007_199_254_740_993, -1, 0, 1.5, 1e308, -1e308, 'NaN', 'Infinity', 'true', true, false, null, [], {}, [1, 2],
  { $gt: '' }, "1' or '1'='1", '<script>alert(1)</script>', '../../etc/passwd', deep(2000),
];
const FREE_TEXT = new Set(['message', 'content']);
const PATH_VALUES = ['%00', 'abc', '0', '-1', '2147483648', '99999999999999999999', '1.5', '%F0%28%8C%BC', 'x'.repeat(5000)];

let operations: Operation[] = [];

beforeAll(async () => {
  // Thousands of requests from one address: the protective limits are raised so the routes themselves are attacked.
  ctx = await startTestApp({}, { RATE_LIMIT_SCALE: '100000' });
  userCookie = (await createUserSession(ctx.app, ctx.sql)).cookie;
  adminCookie = (await createAdminSession(ctx.app, ctx.sql)).cookie;
  auctionId = await createAuction(ctx.sql);
  const doc = (await ctx.app.inject({ url: '/api-docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>;
  };
  // Signing out takes no input and would end the sessions the attack runs with.
  operations = Object.entries(doc.paths).filter(([path]) => !path.endsWith('/logout')).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: op.requestBody !== undefined || ['POST', 'PUT', 'PATCH'].includes(method.toUpperCase()),
    })),
  );
});
afterAll(async () => ctx?.close());

const headers = () => ({ origin: ORIGIN, cookie: `${userCookie}; ${adminCookie}` });
/** A lone surrogate cannot be percent-encoded; send the bytes of one instead (invalid UTF-8 on the wire). */
const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
};
const fill = (path: string, value: string) => path.replace(/\{(\w+)\}/g, () => value);
const validPath = (path: string) => fill(path, String(auctionId));

async function send(method: string, url: string, payload?: unknown): Promise<{ status: number; body: string; type: string }> {
  const res = await ctx.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers(), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  return { status: res.statusCode, body: res.body, type: String(res.headers['content-type'] ?? '') };
}

function expectRefusedCleanly(what: string, r: { status: number; body: string; type: string }) {
  expect(r.status, `${what} -> ${r.status} ${r.body.slice(0, 200)}`).toBeLessThan(500);
  if (r.status >= 400) {
    expect(r.type, what).toContain('application/json');
    expect(typeof JSON.parse(r.body).error, what).toBe('string');
  }
}

describe('hostile input on every route', () => {
  it('lists the routes to attack', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it('never answers 5xx to a nasty path parameter, query parameter or body field, and stores nothing', async () => {
    const before = await counts();
    for (const op of operations) {
      if (op.path.includes('{')) {
        for (const v of PATH_VALUES) expectRefusedCleanly(`${op.method} ${fill(op.path, v)}`, await send(op.method, fill(op.path, v), op.body ? {} : undefined));
      }
      for (const name of op.query) {
        for (const v of CORPUS.filter((c) => typeof c === 'string' || typeof c === 'number')) {
          const url = `${validPath(op.path)}?${name}=${encode(String(v))}`;
          expectRefusedCleanly(`${op.method} ${url.slice(0, 120)}`, await send(op.method, url, op.body ? {} : undefined));
        }
      }
      if (op.body) {
        for (const v of CORPUS) expectRefusedCleanly(`${op.method} ${op.path} body=${JSON.stringify(v)?.slice(0, 40)}`, await send(op.method, validPath(op.path), v));
        for (const field of ['auctionId', 'amount', 'userId', 'message', 'content', 'email', 'password', 'transactionId', 'milestone', 'vin', 'mileage', 'zip', 'carId', 'startingBid', 'isActive', 'settings', 'action']) {
          // Free-text fields rightly accept ordinary strings such as "12abc": only the unstorable ones are hostile there.
          const values = FREE_TEXT.has(field) ? CORPUS.filter((v) => typeof v !== 'string' || !/^[\x20-\x7e]{1,500}$/.test(v.trim()) || v.trim() === '') : CORPUS;
          for (const v of values) {
            expectRefusedCleanly(`${op.method} ${op.path} ${field}=${JSON.stringify(v)?.slice(0, 40)}`, await send(op.method, validPath(op.path), { [field]: v }));
          }
        }
      }
    }
    expect(await counts()).toEqual(before);
  }, 300_000);

  it('never answers 5xx to arbitrary JSON bodies (property-based)', async () => {
    const writes = operations.filter((o) => o.body);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), fc.jsonValue({ maxDepth: 4 }), async (op, body) => {
        const r = await send(op.method, validPath(op.path), body);
        expectRefusedCleanly(`${op.method} ${op.path} ${JSON.stringify(body).slice(0, 80)}`, r);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }),
      { numRuns: 400 },
    );
    // The bodies reached the routes' own validation (400), not only the session or origin checks.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(200);
  }, 300_000);

  it('answers broken multipart bodies on the upload routes with a JSON 4xx', async () => {
    for (const url of ['/api/uploads/photos', '/api/vin/scan']) {
      const good = multipartFile(new Uint8Array([1, 2, 3]), 'a.png', 'image/png');
      const broken = [
        { payload: Buffer.from('--nope\r\nnot a multipart body'), headers: good.headers },
        { payload: good.payload.subarray(0, good.payload.length - 10), headers: good.headers },
        { payload: good.payload, headers: { 'content-type': 'multipart/form-data' } },
        { payload: good.payload, headers: { 'content-type': 'multipart/form-data; boundary=' } },
      ];
      for (const b of broken) {
        const res = await ctx.app.inject({ method: 'POST', url, headers: { ...headers(), ...b.headers }, payload: b.payload });
        expectRefusedCleanly(`${url} broken multipart`, { status: res.statusCode, body: res.body, type: String(res.headers['content-type'] ?? '') });
      }
    }
  });
});
