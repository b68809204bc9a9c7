// The 2-second chat poll: when nothing is newer than the client's last line, the answer (a 304 or an empty list)
// comes from Redis alone, so it works, fast, even while Postgres does not answer; new lines (members' and the bid
// engine's) are still found at once; and a Redis that lost the key falls back to Postgres and learns it again.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSql, chatLatestKey, type Sql } from '@app/infra';
import { startFreezableProxy, type FreezableProxy } from '../../infra/test-support/freezable-proxy.js';
import { createAuction, createUserSession, jsonHeaders, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let pg: FreezableProxy;
let proxiedSql: Sql;

beforeAll(async () => {
  ctx = await startTestApp();
  const db = new URL(ctx.databaseUrl);
  pg = await startFreezableProxy(db.hostname, Number(db.port || 5432));
  db.host = new URL(pg.url('postgres')).host;
  proxiedSql = createSql(db.toString(), { max: 5 });
  await ctx.rebuild({ sql: proxiedSql, redis: ctx.redis });
});
afterAll(async () => {
  pg.thaw();
  await ctx.close();
  await proxiedSql.end({ timeout: 1 });
  await pg.close();
});

const poll = (auctionId: number, after: number, etag?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/chat/messages/${auctionId}?after=${after}`,
    headers: etag ? { 'if-none-match': etag } : {},
  });
const latestInRedis = async (auctionId: number) =>
  Number(await ctx.redis.get(chatLatestKey(ctx.config.REDIS_PREFIX, auctionId)));
/** The latest line reaches Redis a moment after its commit: up to 15 s on a busy machine. */
async function until(ok: () => Promise<boolean>) {
  for (const end = Date.now() + 15_000; !(await ok()) && Date.now() < end;) await new Promise((r) => setTimeout(r, 30));
}

it('answers an unchanged poll from Redis alone, and still finds new lines and bids at once', async () => {
  const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
  const member = await createUserSession(ctx.app, ctx.sql);
  const first = await ctx.app.inject({
    method: 'POST',
    url: `/api/chat/messages/${auctionId}`,
    headers: jsonHeaders(member.cookie),
    payload: { message: 'Is it still available?' },
  });
  expect(first.statusCode).toBe(201);
  const firstId = (first.json() as { id: number }).id;
  await until(async () => (await latestInRedis(auctionId)) === firstId);

  pg.freeze();
  try {
    const t0 = Date.now();
    const empty = await poll(auctionId, firstId);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const again = await poll(auctionId, firstId, empty.headers.etag as string);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-length']).toBeUndefined();
    // Postgres is frozen: only an answer that never asked it can be this quick.
    expect(Date.now() - t0).toBeLessThan(1500);
  } finally {
    pg.thaw();
  }

  const bid = await ctx.app.inject({
    method: 'POST',
    url: '/api/bids',
    headers: jsonHeaders(member.cookie),
    payload: { auctionId, amount: 10000 },
  });
  expect(bid.statusCode).toBe(201);
  await until(async () => (await latestInRedis(auctionId)) > firstId);
  const lines = (await poll(auctionId, firstId)).json() as { message: string; isSystemMessage: boolean }[];
  expect(lines).toHaveLength(1);
  expect(lines[0]!.isSystemMessage).toBe(true);
});

it('falls back to Postgres when Redis lost the key, and learns it again', async () => {
  const auctionId = await createAuction(ctx.sql);
  const member = await createUserSession(ctx.app, ctx.sql);
  const posted = await ctx.app.inject({
    method: 'POST',
    url: `/api/chat/messages/${auctionId}`,
    headers: jsonHeaders(member.cookie),
    payload: { message: 'First!' },
  });
  const id = (posted.json() as { id: number }).id;
  await until(async () => (await latestInRedis(auctionId)) === id);
  await ctx.redis.del(chatLatestKey(ctx.config.REDIS_PREFIX, auctionId));

  const older = (await poll(auctionId, id - 1)).json() as { id: number }[];
  expect(older.map((m) => m.id)).toEqual([id]);
  await until(async () => (await latestInRedis(auctionId)) === id);
  expect(await latestInRedis(auctionId)).toBe(id);
  expect((await poll(auctionId, id)).json()).toEqual([]);
});

it('pollers asking for the same new line share one read: while Postgres does not answer, the others get it from the first read', async () => {
  const auctionId = await createAuction(ctx.sql);
  const member = await createUserSession(ctx.app, ctx.sql);
  const post = (message: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/chat/messages/${auctionId}`,
      headers: jsonHeaders(member.cookie),
      payload: { message },
    });
  const before = (await post('before')).json() as { id: number };
  const line = (await post('the new line')).json() as { id: number };
  await until(async () => (await latestInRedis(auctionId)) === line.id);
  const first = await poll(auctionId, before.id);
  expect((first.json() as { id: number }[]).map((m) => m.id)).toEqual([line.id]);

  pg.freeze();
  try {
    const others = await Promise.all(Array.from({ length: 20 }, () => poll(auctionId, before.id)));
    for (const res of others) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(first.json());
    }
  } finally {
    pg.thaw();
  }
  // A newer line is a new page: read again, with both lines.
  const next = (await post('and another')).json() as { id: number };
  await until(async () => (await latestInRedis(auctionId)) === next.id);
  expect(((await poll(auctionId, before.id)).json() as { id: number }[]).map((m) => m.id)).toEqual([line.id, next.id]);
});
