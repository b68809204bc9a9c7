import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { createGateway, type Gateway } from '@app/realtime';
import { AdminUserListSchema } from '@app/shared';
import {
  createAdminSession,
  createAuction,
  createUserSession,
  jsonHeaders,
  REDIS_URL,
  startTestApp,
  TEST_PASSWORD,
  type TestContext,
} from '../api/test/support/test-app.js';

let ctx: TestContext;
let running: { gateway: Gateway; http: ReturnType<typeof createServer> } | undefined;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  if (running) {
    await running.gateway.close();
    await new Promise<void>((done) => running!.http.close(() => done()));
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
  running = { gateway, http };
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

it('suspending a member drops their sockets and sessions; they cannot bid, chat or sign in until reactivated', async () => {
  const url = await gatewayUrl();
  const admin = await createAdminSession(ctx.app, ctx.sql);
  const member = await createUserSession(ctx.app, ctx.sql, { name: 'Suspect Bidder' });
  const bystander = await createUserSession(ctx.app, ctx.sql);
  const auctionId = await createAuction(ctx.sql);
  const bid = (cookie: string, amount: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/bids', headers: jsonHeaders(cookie), payload: { auctionId, amount } });
  const chat = (cookie: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/chat/messages/${auctionId}`,
      headers: jsonHeaders(cookie),
      payload: { message: 'hello' },
    });
  expect((await bid(member.cookie, '10000.00')).statusCode).toBe(201);
  expect((await chat(member.cookie)).statusCode).toBe(201);
  // The session is warm in the API's cache, as it is for an active bidder.
  const [socket, othersSocket] = [await open(url, member.cookie), await open(url, bystander.cookie)];
  const dropped = new Promise<string>((r) => socket.once('disconnect', (reason) => r(reason)));
  // Another admin's open portal hears of the change.
  const otherAdmin = await createAdminSession(ctx.app, ctx.sql);
  const adminSocket = await open(url, otherAdmin.cookie);
  const heard = new Promise<unknown>((r) => adminSocket.once('admin.changed', r));

  const found = AdminUserListSchema.parse(
    (await ctx.app.inject({ url: '/api/admin/users?search=suspect', headers: { cookie: admin.cookie } })).json(),
  );
  expect(found.items.map((u) => [u.id, u.suspendedAt])).toEqual([[member.id, null]]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/users/${member.id}/suspend`,
    headers: jsonHeaders(admin.cookie),
    payload: { reason: 'Unpaid escrows' },
  });
  expect(res.statusCode).toBe(204);
  expect(await dropped).toBe('io server disconnect');
  expect(await heard).toMatchObject({ type: 'admin.changed', what: 'user', subject: `user:${member.id}` });
  adminSocket.disconnect();
  expect(othersSocket.connected).toBe(true);

  expect((await bid(member.cookie, '11000.00')).statusCode).toBe(401);
  expect((await chat(member.cookie)).statusCode).toBe(401);
  const signIn = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: jsonHeaders(),
      payload: { email: member.email, password: TEST_PASSWORD },
    });
  const refused = await signIn();
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error).toMatch(/suspended/);
  const listed = AdminUserListSchema.parse(
    (await ctx.app.inject({ url: '/api/admin/users?search=suspect', headers: { cookie: admin.cookie } })).json(),
  );
  expect(listed.items[0]).toMatchObject({ suspensionReason: 'Unpaid escrows', suspendedAt: expect.any(String) });
  const audit = await ctx.sql<
    { action: string }[]
  >`select action from admin_audit_log where subject = ${`user:${member.id}`}`;
  expect(audit.map((a) => a.action)).toEqual(['user.suspended']);

  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/users/${member.id}/reactivate`,
        headers: jsonHeaders(admin.cookie),
      })
    ).statusCode,
  ).toBe(204);
  const back = await signIn();
  expect(back.statusCode).toBe(200);
  const cookie = `sid=${back.cookies.find((c) => c.name === 'sid')!.value}`;
  expect((await bid(cookie, '11000.00')).statusCode).toBe(201);
  othersSocket.disconnect();
});

it('only admins suspend; a member cannot', async () => {
  const member = await createUserSession(ctx.app, ctx.sql);
  const victim = await createUserSession(ctx.app, ctx.sql);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/users/${victim.id}/suspend`,
    headers: jsonHeaders(member.cookie),
    payload: { reason: 'x' },
  });
  expect(res.statusCode).toBe(403);
  const admin = await createAdminSession(ctx.app, ctx.sql);
  const noReason = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/users/${victim.id}/suspend`,
    headers: jsonHeaders(admin.cookie),
    payload: { reason: '' },
  });
  expect(noReason.statusCode).toBe(400);
});
