// Idempotency-Key across API processes: two apps built on one database (each with its own connection pool, Redis
// connection and copy of every module, as two processes have) racing one key must decide once and give every request
// the same answer.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createSql, type Sql } from '@app/infra';
import { buildApp } from '../src/app.js';
import { CLAIM_LEASE_S, KEY_IN_FLIGHT, KEY_REUSED, requestFingerprint } from '../src/http/idempotency.js';
import {
  createAuction,
  createUserSession,
  jsonHeaders,
  REDIS_URL,
  startTestApp,
  type TestContext,
} from './support/test-app.js';

let ctx: TestContext;
let other: { app: FastifyInstance; sql: Sql; redis: Redis };
beforeAll(async () => {
  ctx = await startTestApp();
  const sql = createSql(ctx.databaseUrl, { max: 10 });
  const redis = new Redis(REDIS_URL);
  // A fresh copy of the API's modules: nothing kept in a module's memory is shared with the first app.
  vi.resetModules();
  const { buildApp: buildOtherApp } = await import('../src/app.js');
  other = { app: await buildOtherApp(ctx.config, { sql, redis }), sql, redis };
});
afterAll(async () => {
  await other?.app.close();
  await other?.sql.end({ timeout: 2 });
  other?.redis.disconnect();
  await ctx?.close();
});

const apps = () => [ctx.app, other.app];
const bid = (app: FastifyInstance, cookie: string, auctionId: number, amount: number, key: string) =>
  app.inject({
    method: 'POST',
    url: '/api/bids',
    headers: { ...jsonHeaders(cookie), 'idempotency-key': key },
    payload: { auctionId, amount },
  });
const bidsOn = async (auctionId: number) =>
  (await ctx.sql<{ amount: string }[]>`select amount from bids where auction_id = ${auctionId} order by id`).map(
    (b) => b.amount,
  );

describe('one Idempotency-Key raced on two API processes', () => {
  it('places one bid and answers every request with it', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const u = await createUserSession(ctx.app, ctx.sql);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => bid(apps()[i % 2]!, u.cookie, auctionId, 20000, 'two-processes')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await bidsOn(auctionId)).toEqual(['20000.00']);
  });

  it('buys once, and every request learns the same purchase', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00', buyItNowPrice: '50000.00' });
    const u = await createUserSession(ctx.app, ctx.sql);
    const buy = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: `/api/auctions/${auctionId}/buy-now`,
        headers: { ...jsonHeaders(u.cookie), 'idempotency-key': 'buy-once' },
        payload: {},
      });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => buy(apps()[i % 2]!)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json().transactionId)).size).toBe(1);
    expect((await ctx.sql`select 1 from escrow_transactions where auction_id = ${auctionId}`).length).toBe(1);
  });

  it("refuses the requests that differ from the one that claimed the key (422), storing only the claimant's bid", async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const u = await createUserSession(ctx.app, ctx.sql);
    const amounts = [20000, 21000, 22000, 23000];
    const answers = await Promise.all(
      amounts.map((amount, i) => bid(apps()[i % 2]!, u.cookie, auctionId, amount, 'raced-bodies')),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    expect(won.length).toBe(1);
    expect(answers.filter((a) => a.statusCode === 422).map((a) => a.json())).toEqual(
      Array(3).fill({ error: KEY_REUSED }),
    );
    expect(await bidsOn(auctionId)).toEqual([won[0]!.json().amount]);
  });
});

describe('a claimed key without an answer yet', () => {
  const claimFor = async (userId: number, key: string, auctionId: number, amount: number, age: string) =>
    ctx.sql`
      insert into idempotency_keys (user_id, key, request_hash, claim, created_at)
      values (${userId}, ${key}, ${requestFingerprint('POST /api/bids', { auctionId, amount: amount * 100, maxAmount: null }) /* the route hashes the parsed body: cents */}, gen_random_uuid(), now() - ${age}::interval)`;

  it('makes a request wait for the answer the holder writes, and answers with it', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const u = await createUserSession(ctx.app, ctx.sql);
    await claimFor(u.id, 'slow-holder', auctionId, 20000, '0 seconds');
    const waiting = bid(other.app, u.cookie, auctionId, 20000, 'slow-holder');
    await new Promise((r) => setTimeout(r, 300));
    await ctx.sql`
      update idempotency_keys set status_code = 409, response = ${ctx.sql.json({ error: 'decided elsewhere' })}
      where user_id = ${u.id} and key = 'slow-holder'`;
    const res = await waiting;
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'decided elsewhere' });
    expect(await bidsOn(auctionId)).toEqual([]);
  });

  it('answers 409 with Retry-After when the holder is still working as the deadline nears, deciding nothing', async () => {
    const quick = await buildApp({ ...ctx.config, REQUEST_DEADLINE_MS: 1500 }, { sql: ctx.sql, redis: ctx.redis });
    try {
      const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
      const u = await createUserSession(ctx.app, ctx.sql);
      await claimFor(u.id, 'busy-holder', auctionId, 20000, '0 seconds');
      const res = await bid(quick, u.cookie, auctionId, 20000, 'busy-holder');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: KEY_IN_FLIGHT });
      expect(res.headers['retry-after']).toBe('1');
      expect(await bidsOn(auctionId)).toEqual([]);
    } finally {
      await quick.close();
    }
  });

  it(`takes over a claim left by a process that died (older than ${CLAIM_LEASE_S} s) and decides the request`, async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const u = await createUserSession(ctx.app, ctx.sql);
    await claimFor(u.id, 'dead-holder', auctionId, 20000, `${CLAIM_LEASE_S + 5} seconds`);
    const res = await bid(ctx.app, u.cookie, auctionId, 20000, 'dead-holder');
    expect(res.statusCode).toBe(201);
    expect(await bidsOn(auctionId)).toEqual(['20000.00']);
    const again = await bid(other.app, u.cookie, auctionId, 20000, 'dead-holder');
    expect(again.json().id).toBe(res.json().id);
  });
});
