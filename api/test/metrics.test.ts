import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminSession,
  createAuction,
  createUserSession,
  jsonHeaders,
  startTestApp,
  type TestContext,
} from './support/test-app.js';

const TOKEN = 'scrape-token-for-tests-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({}, { METRICS_TOKEN: TOKEN });
});
afterAll(async () => ctx?.close());

/** The sum of every series of `name` whose labels include `labels`. */
const sample = (text: string, name: string, labels: string): number =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) && l.includes(labels))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);

describe('GET /metrics', () => {
  it('refuses a scrape without an admin session or the token, and a wrong token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const user = await createUserSession(ctx.app, ctx.sql);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { cookie: user.cookie } })).statusCode,
    ).toBe(401);
  });

  it('counts accepted and refused bids, their groups, and request latency by route', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '5000.00' });
    const u = await createUserSession(ctx.app, ctx.sql);
    const bid = (amount: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/bids',
        headers: jsonHeaders(u.cookie),
        payload: { auctionId, amount },
      });
    expect((await bid(5000)).statusCode).toBe(201);
    expect((await bid(5001)).statusCode).toBe(409);

    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(sample(res.body, 'bids_total', 'outcome="accepted"')).toBeGreaterThanOrEqual(1);
    expect(sample(res.body, 'bids_total', 'outcome="refused"')).toBeGreaterThanOrEqual(1);
    expect(sample(res.body, 'bid_group_size_count', 'service="api"')).toBeGreaterThanOrEqual(2);
    expect(sample(res.body, 'http_request_duration_seconds_count', 'route="/api/bids"')).toBeGreaterThanOrEqual(2);
    expect(res.body).toMatch(/^outbox_oldest_unpublished_age_seconds\{service="api"\} \d/m);
    expect(res.body).toMatch(/^events_stream_length\{service="api"\} \d/m);
  });

  it('answers an admin session', async () => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('process_cpu_seconds_total');
  });
});
