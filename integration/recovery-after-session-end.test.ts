// A dropped socket's recovery id (its pid and last offset) once restored a connection into the member's and the
// admins' rooms with no cookie at all, even after the session ended. Here a member's or an admin's socket drops, the
// session ends through the API (sign-out, suspension), and a connection presenting the old recovery id without a
// cookie is refused recovery and receives nothing private; one that proves a live session does recover.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { createGateway, type Gateway } from '@app/realtime';
import { streams, type DomainEvent } from '@app/shared';
import { EVENTS_STREAM_FIELD, eventsStreamKey } from '@app/infra';
import {
  createAdminSession,
  createUserSession,
  jsonHeaders,
  REDIS_URL,
  signIn,
  startTestApp,
  type TestContext,
} from '../api/test/support/test-app.js';

let ctx: TestContext;
let gateway: Gateway;
let http: ReturnType<typeof createServer>;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  http = createServer();
  gateway = await createGateway(http, {
    sql: ctx.sql,
    redisUrl: REDIS_URL,
    redisPrefix: ctx.config.REDIS_PREFIX,
    origins: [],
    logger: pino({ level: 'silent' }),
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await gateway?.close();
  await new Promise<void>((done) => (http ? http.close(() => done()) : done()));
  await ctx?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A socket that records the private events it receives: the member's alerts and the admins' news. */
function open(opts: { cookie?: string; auth?: Record<string, string> }) {
  const s = connect(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: opts.cookie ? { cookie: opts.cookie } : {},
    ...(opts.auth ? { auth: opts.auth } : {}),
  });
  sockets.push(s);
  const received: string[] = [];
  s.on('alert.fired', (e) => received.push(`alert ${e.text}`));
  s.on('auction.submitted', (e) => received.push(`submitted ${e.title}`));
  return new Promise<{ s: Socket; received: string[] }>((resolve, reject) => {
    s.once('connect', () => resolve({ s, received }));
    s.once('connect_error', reject);
  });
}

/**
 * Receives one private event (from then on the client holds an offset to recover from), then drops the transport as a
 * network failure would: the gateway keeps the socket's state for recovery.
 */
async function drop(
  { s, received }: { s: Socket; received: string[] },
  first: DomainEvent,
): Promise<{ pid: string; offset: string; socketId: string }> {
  await publish(first);
  await expect.poll(() => received).toHaveLength(1);
  const socketId = s.id!;
  const gone = new Promise((r) => s.once('disconnect', r));
  s.io.engine.close();
  await gone;
  const { _pid: pid, _lastOffset: offset } = s as unknown as { _pid: string; _lastOffset: string };
  // The gateway keeps the state once it has seen the drop (which can take a while on a busy machine); a connection
  // presenting the id before that would find nothing to restore, whatever the session.
  await expect.poll(() => ctx.redis.exists(`${ctx.config.REDIS_PREFIX}sio:session:${pid}`)).toBe(1);
  expect(pid).toEqual(expect.any(String));
  expect(offset).toEqual(expect.any(String));
  return { pid, offset, socketId };
}

/** A recovered connection gets its old socket id back; the client's own `recovered` flag only knows its own pid. */
const recovered = (s: Socket, id: { socketId: string }) => s.id === id.socketId;

let seq = 1000;
const publish = (event: DomainEvent) =>
  ctx.redis.xadd(eventsStreamKey(ctx.config.REDIS_PREFIX), '*', EVENTS_STREAM_FIELD, JSON.stringify(event));
const alertFor = (userId: number, text: string): DomainEvent => ({
  type: 'alert.fired',
  stream: streams.user(userId),
  seq: ++seq,
  at: new Date().toISOString(),
  userId,
  alertId: 1,
  alertType: 'outbid',
  text,
  auction: { id: 1, title: 't', currentBid: '1.00', endTime: new Date().toISOString() },
});
const submitted = (title: string): DomainEvent => ({
  type: 'auction.submitted',
  stream: streams.admins,
  seq: ++seq,
  at: new Date().toISOString(),
  auctionId: 1,
  title,
});

describe('a recovery id after its session ended restores nothing', () => {
  it('after the member signs out', async () => {
    const member = await createUserSession(ctx.app, ctx.sql);
    // The member's second browser stays signed in: it shows the private events do flow.
    const elsewhere = await open({ cookie: await signIn(ctx.app, member.email) });
    const id = await drop(await open({ cookie: member.cookie }), alertFor(member.id, 'before'));
    await publish(alertFor(member.id, 'while away'));
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: jsonHeaders(member.cookie) });
    expect(out.statusCode).toBe(204);

    const thief = await open({ auth: { pid: id.pid, offset: id.offset } });
    expect(recovered(thief.s, id)).toBe(false);
    await publish(alertFor(member.id, 'after sign-out'));
    // The same broadcast reaches the thief's socket, if anything does: once the other browser has it, a moment more.
    await expect.poll(() => elsewhere.received).toEqual(['alert before', 'alert while away', 'alert after sign-out']);
    await sleep(300);
    expect(elsewhere.received).toHaveLength(3);
    expect(thief.received).toEqual([]);
  });

  it('after the member is suspended', async () => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const member = await createUserSession(ctx.app, ctx.sql);
    const id = await drop(await open({ cookie: member.cookie }), alertFor(member.id, 'before'));
    await publish(alertFor(member.id, 'while away'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/suspend`,
      headers: jsonHeaders(admin.cookie),
      payload: { reason: 'Unpaid escrows' },
    });
    expect(res.statusCode).toBe(204);

    const thief = await open({ auth: { pid: id.pid, offset: id.offset } });
    expect(recovered(thief.s, id)).toBe(false);
    await publish(alertFor(member.id, 'after suspension'));
    await sleep(500);
    expect(thief.received).toEqual([]);
  });

  it('after an admin signs out', async () => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const otherAdmin = await open({ cookie: (await createAdminSession(ctx.app, ctx.sql)).cookie });
    const id = await drop(await open({ cookie: admin.cookie }), submitted('before'));
    await publish(submitted('while away'));
    const out = await ctx.app.inject({ method: 'POST', url: '/api/admin/logout', headers: jsonHeaders(admin.cookie) });
    expect(out.statusCode).toBe(204);

    const thief = await open({ auth: { pid: id.pid, offset: id.offset } });
    expect(recovered(thief.s, id)).toBe(false);
    await publish(submitted('after sign-out'));
    await expect
      .poll(() => otherAdmin.received)
      .toEqual(['submitted before', 'submitted while away', 'submitted after sign-out']);
    await sleep(300);
    expect(otherAdmin.received).toHaveLength(3);
    expect(thief.received).toEqual([]);
  });

  it('while a connection that proves the same live session recovers what it missed', async () => {
    const member = await createUserSession(ctx.app, ctx.sql);
    const id = await drop(await open({ cookie: member.cookie }), alertFor(member.id, 'before'));
    await publish(alertFor(member.id, 'while away'));
    const back = await open({ cookie: member.cookie, auth: { pid: id.pid, offset: id.offset } });
    expect(recovered(back.s, id)).toBe(true);
    await expect.poll(() => back.received).toEqual(['alert while away']);
    await sleep(300);
    expect(back.received).toHaveLength(1);
  });
});
