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

  it("caps one member's writes over every route together, each route under its own limit", async () => {
    const perRoute = Math.round(RATE_LIMITS.write.max * SCALE);
    const cap = Math.round(RATE_LIMITS.memberWrites.max * SCALE);
    const member = await createUserSession(ctx.app, ctx.sql);
    const other = await createUserSession(ctx.app, ctx.sql);
    // Writes the handlers refuse (a bad body) cost as much to receive: each counts, whatever its answer.
    const routes = [
      '/api/bid-alerts',
      '/api/comments',
      '/api/cars',
      '/api/auction-requests',
      '/api/notifications/read',
    ];
    const write = (cookie: string, url: string) =>
      ctx.app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload: { bad: true } });
    const answers: number[] = [];
    for (const url of routes)
      for (let i = 0; i < perRoute; i += 1) answers.push((await write(member.cookie, url)).statusCode);
    expect(routes.length * perRoute).toBeGreaterThan(cap);
    expect(answers.slice(0, cap).filter((s) => s === 429)).toEqual([]);
    expect(answers.slice(cap).every((s) => s === 429)).toBe(true);
    const over = await write(member.cookie, '/api/watchlist/1');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: RATE_LIMITS.memberWrites.message });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Reads go on, and another member's writes are their own.
    expect((await ctx.app.inject({ url: '/api/notifications', headers: { cookie: member.cookie } })).statusCode).toBe(
      200,
    );
    expect((await write(other.cookie, '/api/bid-alerts')).statusCode).toBe(400);
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
    // Members of their own for each draft route: at this scale, a's lookups and both draft limits together would pass
    // the cap on one member's writes over every route.
    const [c, d] = [await createUserSession(ctx.app, ctx.sql), await createUserSession(ctx.app, ctx.sql)];
    const clear = () =>
      ctx.app.inject({ method: 'DELETE', url: '/api/trade-in/draft', headers: jsonHeaders(c.cookie) });
    for (let i = 0; i < drafts; i += 1) expect((await clear()).statusCode).toBe(204);
    expect((await clear()).statusCode).toBe(429);
    const save = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/trade-in/draft',
        headers: jsonHeaders(d.cookie),
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
