import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { createGateway, type Gateway } from '@app/realtime';
import { EVENTS_STREAM_FIELD, eventsStreamKey } from '@app/infra';
import { streams, type DomainEvent } from '@app/shared';
import {
  createUserSession,
  jsonHeaders,
  REDIS_URL,
  startTestApp,
  type TestContext,
} from '../api/test/support/test-app.js';

let ctx: TestContext;
const running: { gateway: Gateway; http: ReturnType<typeof createServer> }[] = [];
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  for (const r of running) {
    await r.gateway.close();
    await new Promise<void>((done) => r.http.close(() => done()));
  }
  await ctx?.close();
});

async function gatewayUrl(): Promise<string> {
  const http = createServer();
  const gateway = await createGateway(http, {
    sql: ctx.sql,
    redisUrl: REDIS_URL,
    redisPrefix: ctx.config.REDIS_PREFIX,
    origins: [],
    logger: pino({ level: 'silent' }),
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  running.push({ gateway, http });
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

const open = (url: string, cookie: string) =>
  new Promise<Socket>((resolve, reject) => {
    const s = connect(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie },
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });

it("signing out closes that session's sockets on every gateway process, before any further private event", async () => {
  // Two gateway processes: only one of them reads the events stream, and the socket may sit on either.
  const [a, b] = [await gatewayUrl(), await gatewayUrl()];
  const me = await createUserSession(ctx.app, ctx.sql);
  const other = await createUserSession(ctx.app, ctx.sql);
  const [onA, onB, othersSocket] = [await open(a, me.cookie), await open(b, me.cookie), await open(a, other.cookie)];
  const received: string[] = [];
  for (const s of [onA, onB]) s.on('alert.fired', () => received.push(s.id ?? '?'));
  const closed = Promise.all(
    [onA, onB].map((s) => new Promise<string>((r) => s.once('disconnect', (reason) => r(reason)))),
  );

  const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: jsonHeaders(me.cookie) });
  expect(out.statusCode).toBe(204);
  expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);

  // A private event for the signed-out user now reaches nobody; another user's session is untouched.
  const alert: DomainEvent = {
    type: 'alert.fired',
    stream: streams.user(me.id),
    seq: 99,
    at: new Date().toISOString(),
    userId: me.id,
    alertId: 1,
    alertType: 'outbid',
    text: 'private',
    auction: { id: 1, title: 't', currentBid: '1.00', endTime: new Date().toISOString() },
  };
  await ctx.redis.xadd(eventsStreamKey(ctx.config.REDIS_PREFIX), '*', EVENTS_STREAM_FIELD, JSON.stringify(alert));
  await new Promise((r) => setTimeout(r, 500));
  expect(received).toEqual([]);
  expect(othersSocket.connected).toBe(true);
  othersSocket.disconnect();
});
