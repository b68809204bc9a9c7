import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { io as connect } from 'socket.io-client';
import { createGateway } from '@app/realtime';
import { checkAlerts } from '@app/core/alerts';
import { startWorkers } from '@app/workers';
import {
  createAuction,
  createUserSession,
  jsonHeaders,
  REDIS_URL,
  startTestApp,
  type TestContext,
} from '../api/test/support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const bid = (cookie: string, auctionId: number, amount: number) =>
  ctx.app.inject({ method: 'POST', url: '/api/bids', headers: jsonHeaders(cookie), payload: { auctionId, amount } });

it("a priceTarget alert fires once, when a bid reaches the target, and its owner's socket receives alert.fired", async () => {
  const logger = pino({ level: 'silent' });
  const http = createServer();
  const gateway = await createGateway(http, {
    sql: ctx.sql,
    redisUrl: REDIS_URL,
    redisPrefix: ctx.config.REDIS_PREFIX,
    origins: [],
    logger,
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const workers = await startWorkers({
    sql: ctx.sql,
    redisUrl: REDIS_URL,
    redisPrefix: ctx.config.REDIS_PREFIX,
    logger,
  });
  const owner = await createUserSession(ctx.app, ctx.sql, { name: 'Alert Owner' });
  const bidder = await createUserSession(ctx.app, ctx.sql);
  const socket = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
    transports: ['websocket'],
    forceNew: true,
    extraHeaders: { cookie: owner.cookie },
  });
  try {
    if (!socket.connected) await new Promise<void>((r) => socket.once('connect', () => r()));
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/bid-alerts',
      headers: jsonHeaders(owner.cookie),
      payload: { auctionId, alertType: 'priceTarget', settings: { priceTarget: 15000 } },
    });
    expect(created.statusCode).toBe(201);
    const alerts: { alertId: number; text: string }[] = [];
    socket.on('alert.fired', (e: { alertId: number; text: string }) => alerts.push(e));

    expect((await bid(bidder.cookie, auctionId, 10000)).statusCode).toBe(201); // below the target
    await new Promise((r) => setTimeout(r, 500));
    expect(alerts).toHaveLength(0);
    expect((await bid(bidder.cookie, auctionId, 16000)).statusCode).toBe(201); // reaches it
    // The bid's event, the workers' check, its event and the gateway: seconds on a busy machine.
    const deadline = Date.now() + 15_000;
    while (alerts.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toMatch(/reached your target price of \$15,000/);
    expect((await bid(bidder.cookie, auctionId, 17000)).statusCode).toBe(201); // still above: no second alert
    await new Promise((r) => setTimeout(r, 700));
    expect(alerts).toHaveLength(1);
    const [row] = await ctx.sql<
      { lastTriggered: Date | null }[]
    >`select last_triggered from bid_alerts where id = ${created.json().id}`;
    expect(row!.lastTriggered).not.toBeNull();
  } finally {
    socket.disconnect();
    await workers.close();
    await gateway.close();
    await new Promise<void>((r) => http.close(() => r()));
  }
});

it('two checks racing fire an alert once', async () => {
  const owner = await createUserSession(ctx.app, ctx.sql);
  const bidder = await createUserSession(ctx.app, ctx.sql);
  const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/bid-alerts',
    headers: jsonHeaders(owner.cookie),
    payload: { auctionId, alertType: 'priceTarget', settings: { priceTarget: 12000 } },
  });
  await bid(bidder.cookie, auctionId, 12000);
  const deps = { sql: ctx.sql, events: ctx.app.events };
  const fired = await Promise.all([checkAlerts(deps, [auctionId]), checkAlerts(deps, [auctionId])]);
  expect(fired[0]! + fired[1]!).toBe(1);
  const [{ n }] = (await ctx.sql<
    { n: number }[]
  >`select count(*)::int as n from outbox where type = 'alert.fired' and payload->>'auction' is not null and (payload->'auction'->>'id')::int = ${auctionId}`) as unknown as [
    { n: number },
  ];
  expect(n).toBe(1);
});

it("an outbid alert fires when someone else passes the owner's bid, and re-arms when the owner bids again", async () => {
  const owner = await createUserSession(ctx.app, ctx.sql);
  const rival = await createUserSession(ctx.app, ctx.sql);
  const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/bid-alerts',
    headers: jsonHeaders(owner.cookie),
    payload: { auctionId, alertType: 'outbid' },
  });
  const deps = { sql: ctx.sql, events: ctx.app.events };
  await bid(owner.cookie, auctionId, 10000);
  expect(await checkAlerts(deps, [auctionId])).toBe(0);
  await bid(rival.cookie, auctionId, 11000);
  expect(await checkAlerts(deps, [auctionId])).toBe(1);
  expect(await checkAlerts(deps, [auctionId])).toBe(0);
  await new Promise((r) => setTimeout(r, 20));
  await bid(owner.cookie, auctionId, 12000);
  await bid(rival.cookie, auctionId, 13000);
  expect(await checkAlerts(deps, [auctionId])).toBe(1);
});
