import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/plugins/rate-limits.js';
import { createAuction, createUserSession, jsonHeaders, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
// A twentieth of the production limits, so a test can reach them: 60 reads a minute per address, 3 bids per user.
const SCALE = 0.05;
beforeAll(async () => {
  ctx = await startTestApp({}, { RATE_LIMIT_SCALE: String(SCALE) });
});
afterAll(async () => ctx?.close());

describe('rate limits (counted in Redis)', () => {
  it('limits bids per user with 429 and Retry-After, without touching another user', async () => {
    const perUser = Math.round(RATE_LIMITS.bid.max * SCALE);
    const auctionId = await createAuction(ctx.sql, { startingBid: '1000.00' });
    const a = await createUserSession(ctx.app, ctx.sql);
    const b = await createUserSession(ctx.app, ctx.sql);
    const bid = (cookie: string, amount: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/bids',
        headers: jsonHeaders(cookie),
        payload: { auctionId, amount },
      });
    for (let i = 0; i < perUser; i += 1) expect((await bid(a.cookie, 1000 + i * 1000)).statusCode).toBe(201);
    const over = await bid(a.cookie, 50_000);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toEqual({ error: 'Too many bids: at most 60 a minute' });
    expect((await bid(b.cookie, 60_000)).statusCode).toBe(201);
    expect((await ctx.sql`select 1 from bids where auction_id = ${auctionId}`).length).toBe(perUser + 1);
  });

  it('limits VIN lookups, valuations and history reports per user and route (counted before the body is read), and trade-in drafts', async () => {
    const perUser = Math.round(RATE_LIMITS.lookup.max * SCALE);
    const a = await createUserSession(ctx.app, ctx.sql);
    const b = await createUserSession(ctx.app, ctx.sql);
    // One address for both members: the count is per member, not per address.
    const lookup = (cookie: string, url: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        remoteAddress: '198.51.100.60',
        headers: jsonHeaders(cookie),
        payload: { vin: 'NOT-A-VIN', mileage: 1, zip: '1' },
      });
    const urls = ['/api/vin/decode', '/api/estimate-value', '/api/carfax-report'];
    for (const url of urls) {
      for (let i = 0; i < perUser; i += 1) expect((await lookup(a.cookie, url)).statusCode).toBe(400);
      const over = await lookup(a.cookie, url);
      expect(over.statusCode, url).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json()).toEqual({ error: RATE_LIMITS.lookup.message });
    }
    expect((await lookup(b.cookie, '/api/vin/decode')).statusCode).toBe(400);

    const drafts = Math.round(RATE_LIMITS.draft.max * SCALE);
    const clear = () =>
      ctx.app.inject({ method: 'DELETE', url: '/api/trade-in/draft', headers: jsonHeaders(a.cookie) });
    for (let i = 0; i < drafts; i += 1) expect((await clear()).statusCode).toBe(204);
    expect((await clear()).statusCode).toBe(429);
    const save = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/trade-in/draft',
        headers: jsonHeaders(a.cookie),
        payload: { draft: {} },
      });
    for (let i = 0; i < drafts; i += 1) expect((await save()).statusCode).toBe(400);
    const over = await save();
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: RATE_LIMITS.draft.message });
  });

  it('limits every address in general, and a forged X-Forwarded-For does not make a new address', async () => {
    const general = Math.round(RATE_LIMITS.general.max * SCALE);
    const read = (forwarded: string) =>
      ctx.app.inject({
        url: '/api/auctions',
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': forwarded },
      });
    for (let i = 0; i < general; i += 1) expect((await read(`10.0.0.${i % 250}`)).statusCode).toBe(200);
    const over = await read('10.1.1.1');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json().error).toMatch(/Too many requests/);
    // Another address is its own count.
    expect((await ctx.app.inject({ url: '/api/auctions', remoteAddress: '203.0.113.51' })).statusCode).toBe(200);
  });
});
