import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import pino from 'pino';
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { EVENTS_STREAM_FIELD, eventsStreamKey } from '@app/infra';
import type { DomainEvent } from '@app/shared';
import {
  createTestDatabase,
  dropRedisPrefix,
  testRedisPrefix,
  type TestDatabase,
} from '../../infra/test-support/test-database.js';
import { GATEWAY_GROUP, createGateway, type GatewayDeps } from '../src/gateway.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const APP_ORIGIN = 'http://app.example.test';
let db: TestDatabase;
let prefix: string;
let redis: Redis;
const gateways: { url: string; close(): Promise<void> }[] = [];
const sockets: Socket[] = [];

async function startGateway(options: Partial<GatewayDeps> = {}) {
  const http = createServer();
  const gw = await createGateway(http, {
    sql: db.sql,
    redisUrl: REDIS_URL,
    redisPrefix: prefix,
    origins: [APP_ORIGIN],
    logger: pino({ level: 'silent' }),
    ...options,
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const entry = { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, close: () => gw.close() };
  gateways.push(entry);
  return entry;
}

function socketTo(url: string, opts: Partial<ManagerOptions & SocketOptions> = {}): Socket {
  const s = connect(url, { transports: ['websocket'], forceNew: true, ...opts });
  sockets.push(s);
  return s;
}

function connected(s: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

const open = (url: string, cookie?: string) => connected(socketTo(url, { extraHeaders: cookie ? { cookie } : {} }));

async function until(ok: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the gateway has seen a socket's transport drop and kept its recovery state: a connection presenting
 * the recovery id before that (the close can take a while to reach a busy gateway) finds nothing to restore.
 */
async function dropSeen(s: Socket): Promise<void> {
  const { _pid: pid } = s as unknown as { _pid: string };
  await expect.poll(() => redis.exists(`${prefix}sio:session:${pid}`)).toBe(1);
}

const publish = (event: DomainEvent) =>
  redis.xadd(eventsStreamKey(prefix), '*', EVENTS_STREAM_FIELD, JSON.stringify(event));

async function user(): Promise<number> {
  const [u] = await db.sql<{ id: number }[]>`
    insert into users (email, name, password_hash) values (${`s${randomBytes(4).toString('hex')}@example.test`}, 'Socket User', 'x')
    returning id`;
  return u!.id;
}

async function sessionCookie(userId: number, expiresIn = '1 hour'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.sql`insert into sessions (id, kind, user_id, expires_at)
    values (${createHash('sha256').update(token).digest('hex')}, 'user', ${userId}, now() + ${expiresIn}::interval)`;
  return `sid=${token}`;
}

async function signedIn(): Promise<{ userId: number; cookie: string }> {
  const userId = await user();
  return { userId, cookie: await sessionCookie(userId) };
}

async function createAuction(o: { reserve?: string; currentBid?: string; bidCount?: number } = {}): Promise<number> {
  const vin = `GWT${randomBytes(7).toString('hex').toUpperCase()}`.slice(0, 17).padEnd(17, '7');
  const [car] = await db.sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, mileage, condition) values (${vin}, 2020, 'BMW', 'M2', 100, 'Good') returning id`;
  const [a] = await db.sql<{ id: number }[]>`
    insert into auctions (car_id, starting_bid, current_bid, bid_count, reserve_price, start_time, end_time, location)
    values (${car!.id}, 1000, ${o.currentBid ?? 0}, ${o.bidCount ?? 0}, ${o.reserve ?? null}, now() - interval '1 hour',
            now() + interval '1 hour', 'Here')
    returning id`;
  return a!.id;
}

let userSeq = 0;
const alertFor = (userId: number): DomainEvent => ({
  type: 'alert.fired',
  stream: `user:${userId}`,
  seq: ++userSeq,
  userId,
  at: new Date().toISOString(),
  alertId: 1,
  alertType: 'priceTarget',
  text: 'Price target reached',
  auction: { id: 1, title: '2020 BMW M2', currentBid: '20000.00', endTime: new Date().toISOString() },
});

const bidEvent = (auctionId: number, seq: number): DomainEvent => ({
  type: 'bid.placed',
  stream: `auction:${auctionId}`,
  auctionId,
  seq,
  at: new Date().toISOString(),
  bidId: seq,
  amount: `${1000 * seq}.00`,
  currentBid: `${1000 * seq}.00`,
  bidCount: seq,
  endTime: new Date().toISOString(),
  extended: false,
  bidderName: 'B',
  bidderId: 1,
  reserveStatus: 'none',
  chatLine: { id: seq, message: 'New high bid', timestamp: new Date().toISOString() },
});

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The seqs of the bid state a socket receives, in arrival order (it comes in auction:events packets). */
function collectSeqs(s: Socket, packets: { size: number }[] = []): number[] {
  const seqs: number[] = [];
  s.on('auction:events', (events: { seq: number }[]) => {
    packets.push({ size: events.length });
    seqs.push(...events.map((e) => e.seq));
  });
  return seqs;
}

beforeAll(async () => {
  db = await createTestDatabase();
  prefix = testRedisPrefix();
  redis = new Redis(REDIS_URL);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const g of gateways) await g.close();
  redis.disconnect();
  await dropRedisPrefix(REDIS_URL, prefix);
  await db.drop();
});

describe('the handshake', () => {
  it('delivers user events only to that user: anonymous, forged and expired sessions get none, a signed-in socket its own', async () => {
    const gw = await startGateway();
    const me = await signedIn();
    const anonymous = await open(gw.url);
    const mine = await open(gw.url, me.cookie);
    const forged = await open(gw.url, 'sid=not-a-real-session');
    const expired = await open(gw.url, await sessionCookie(me.userId, '-1 second'));
    const seen = { anonymous: 0, mine: 0, forged: 0, expired: 0 };
    anonymous.on('alert.fired', () => (seen.anonymous += 1));
    forged.on('alert.fired', () => (seen.forged += 1));
    expired.on('alert.fired', () => (seen.expired += 1));
    const received = new Promise((resolve) =>
      mine.on('alert.fired', (e) => {
        seen.mine += 1;
        resolve(e);
      }),
    );
    await publish(alertFor(me.userId));
    await expect(received).resolves.toMatchObject({ userId: me.userId, text: 'Price target reached' });
    await sleep(300);
    expect(seen).toEqual({ anonymous: 0, mine: 1, forged: 0, expired: 0 });
  });

  it("puts an admin session in the admins' room: admin events reach it and no member", async () => {
    const gw = await startGateway();
    const [adminRow] = await db.sql<{ id: number }[]>`
      insert into admin_users (email, name, password_hash, totp_enabled_at)
      values (${`a${randomBytes(4).toString('hex')}@example.test`}, 'Admin', 'x', now()) returning id`;
    const token = randomBytes(32).toString('base64url');
    await db.sql`insert into sessions (id, kind, admin_id, expires_at)
      values (${createHash('sha256').update(token).digest('hex')}, 'admin', ${adminRow!.id}, now() + interval '1 hour')`;
    const me = await signedIn();
    const adminSocket = await open(gw.url, `admin_sid=${token}`);
    const member = await open(gw.url, me.cookie);
    let leaked = 0;
    member.on('auction.submitted', () => (leaked += 1));
    const received = new Promise((resolve) => adminSocket.once('auction.submitted', resolve));
    await publish({
      type: 'auction.submitted',
      stream: 'admins',
      seq: 1,
      at: new Date().toISOString(),
      auctionId: 5,
      title: '2021 Audi RS 6',
    });
    await expect(received).resolves.toMatchObject({ auctionId: 5, title: '2021 Audi RS 6' });
    await sleep(200);
    expect(leaked).toBe(0);
  });

  it("refuses a browser handshake from an origin that is not the app, and accepts the app's", async () => {
    const gw = await startGateway();
    const foreign = connected(
      socketTo(gw.url, { extraHeaders: { origin: 'http://evil.example.test' }, reconnection: false }),
    );
    await expect(foreign).rejects.toThrow();
    await expect(connected(socketTo(gw.url, { extraHeaders: { origin: APP_ORIGIN } }))).resolves.toBeTruthy();
  });
});

describe('auction rooms', () => {
  it("offers no way to join another user's room: a bad payload or an unknown auction is refused", async () => {
    const gw = await startGateway();
    const other = await signedIn();
    const s = await open(gw.url);
    expect(await s.emitWithAck('auction:join', { auctionId: `user:${other.userId}` })).toEqual({
      ok: false,
      error: 'auctionId must be a positive whole number',
    });
    expect(await s.emitWithAck('auction:join', { auctionId: -3 })).toMatchObject({ ok: false });
    expect(await s.emitWithAck('auction:join', 'auction:1')).toMatchObject({ ok: false });
    expect(await s.emitWithAck('auction:join', { auctionId: 999999 })).toEqual({
      ok: false,
      error: 'Auction not found',
    });
    let leaked = 0;
    s.on('alert.fired', () => (leaked += 1));
    await publish(alertFor(other.userId));
    await sleep(300);
    expect(leaked).toBe(0);
  });

  it('acknowledges a join with the auction snapshot and the server clock, and says whether the reserve is met without its amount', async () => {
    const gw = await startGateway();
    const plain = await createAuction();
    const reserved = await createAuction({ reserve: '50000.00', currentBid: '30000.00', bidCount: 2 });
    const s = await open(gw.url);
    const ack = await s.emitWithAck('auction:join', { auctionId: plain });
    expect(ack).toMatchObject({
      ok: true,
      data: {
        auctionId: plain,
        currentBid: '0.00',
        bidCount: 0,
        seq: 0,
        reserveStatus: 'none',
        status: 'active',
        online: 1,
      },
    });
    expect(Math.abs(Date.parse(ack.data.serverTime) - Date.now())).toBeLessThan(5000);
    const withReserve = await s.emitWithAck('auction:join', { auctionId: reserved });
    expect(withReserve.data).toMatchObject({ reserveStatus: 'not-met', currentBid: '30000.00' });
    expect(JSON.stringify(withReserve)).not.toContain('50000');
  });

  it('tells the room how many are watching after joins and leaves', async () => {
    const gw = await startGateway();
    const auctionId = await createAuction();
    const first = await open(gw.url);
    const counts: number[] = [];
    first.on('auction:presence', (p: { auctionId: number; online: number }) => {
      if (p.auctionId === auctionId) counts.push(p.online);
    });
    await first.emitWithAck('auction:join', { auctionId });
    const second = await open(gw.url);
    await second.emitWithAck('auction:join', { auctionId });
    await until(() => counts.at(-1) === 2);
    expect(counts.at(-1)).toBe(2);
    expect(await second.emitWithAck('auction:leave', { auctionId })).toEqual({ ok: true, data: null });
    await until(() => counts.at(-1) === 1);
    expect(counts.at(-1)).toBe(1);
  });

  it("stops sending an auction's events after a leave", async () => {
    const gw = await startGateway();
    const auctionId = await createAuction();
    const s = await open(gw.url);
    await s.emitWithAck('auction:join', { auctionId });
    const seqs = collectSeqs(s);
    await publish(bidEvent(auctionId, 1));
    await until(() => seqs.length === 1);
    await s.emitWithAck('auction:leave', { auctionId });
    await publish(bidEvent(auctionId, 2));
    await sleep(300);
    expect(seqs).toEqual([1]);
  });
});

describe('relaying the events stream', () => {
  it('delivers 300 bid events to a joined socket, all of them, in sequence order', async () => {
    const gw = await startGateway();
    const auctionId = await createAuction();
    const s = await open(gw.url);
    await s.emitWithAck('auction:join', { auctionId });
    const seqs = collectSeqs(s);
    const pipeline = redis.pipeline();
    for (let i = 1; i <= 300; i += 1)
      pipeline.xadd(eventsStreamKey(prefix), '*', EVENTS_STREAM_FIELD, JSON.stringify(bidEvent(auctionId, i)));
    await pipeline.exec();
    await until(() => seqs.length >= 300, 10_000);
    expect(seqs).toEqual(oneTo(300));
  });

  it('reads an event the stream never brought back from the event log, and delivers it in its place', async () => {
    const gw = await startGateway();
    const auctionId = await createAuction();
    const s = await open(gw.url);
    await s.emitWithAck('auction:join', { auctionId });
    const seqs = collectSeqs(s);
    // Three committed events; the publisher of the second never sends it (its process died, or it is frozen).
    const events = [1, 2, 3].map((seq) => bidEvent(auctionId, seq));
    for (const e of events)
      await db.sql`insert into outbox (stream, seq, type, payload, published_at)
        values (${e.stream}, ${e.seq}, ${e.type}, ${db.sql.json(JSON.parse(JSON.stringify(e)))}, now())`;
    await publish(events[0]!);
    await publish(events[2]!);
    await until(() => seqs.length >= 3);
    expect(seqs).toEqual([1, 2, 3]);
    // Sent at last, it is a duplicate.
    await publish(events[1]!);
    await publish(bidEvent(auctionId, 4));
    await until(() => seqs.length >= 4);
    expect(seqs).toEqual([1, 2, 3, 4]);
  });

  it('gathers a stream of bids to a room into a few packets, every bid once and in order', async () => {
    const gw = await startGateway();
    const auctionId = await createAuction();
    const s = await open(gw.url);
    await s.emitWithAck('auction:join', { auctionId });
    const packets: { size: number }[] = [];
    const seqs = collectSeqs(s, packets);
    // 100 bids published one after another, as a hot auction's crowd would place them (the window itself is timed in
    // room-coalescer.test.ts; here: the gateway gathers, and loses or reorders nothing).
    for (let i = 1; i <= 100; i += 1) await publish(bidEvent(auctionId, i));
    await until(() => seqs.length >= 100, 10_000);
    await sleep(200);
    expect(seqs).toEqual(oneTo(100));
    expect(packets.length).toBeLessThanOrEqual(50);
    expect(Math.max(...packets.map((p) => p.size))).toBeGreaterThan(1);
  });

  it('drops entries off the contract, acknowledges them, and goes on with the valid ones', async () => {
    const gw = await startGateway();
    const auctionId = await createAuction();
    const s = await open(gw.url);
    await s.emitWithAck('auction:join', { auctionId });
    const seqs = collectSeqs(s);
    await redis.xadd(eventsStreamKey(prefix), '*', EVENTS_STREAM_FIELD, '{not json');
    await redis.xadd(
      eventsStreamKey(prefix),
      '*',
      EVENTS_STREAM_FIELD,
      JSON.stringify({ ...bidEvent(auctionId, 1), amount: 1000 }),
    );
    await redis.xadd(eventsStreamKey(prefix), '*', 'something-else', JSON.stringify(bidEvent(auctionId, 1)));
    await publish(bidEvent(auctionId, 2));
    await until(() => seqs.length === 1);
    await sleep(200);
    expect(seqs).toEqual([2]);
    const [pending] = (await redis.xpending(eventsStreamKey(prefix), GATEWAY_GROUP)) as [number];
    expect(pending).toBe(0);
  });

  it('with two gateway processes, a socket on either receives each event exactly once and in order', async () => {
    const a = await startGateway();
    const b = await startGateway();
    const auctionId = await createAuction();
    const onA = await open(a.url);
    const onB = await open(b.url);
    await onA.emitWithAck('auction:join', { auctionId });
    const joinedB = await onB.emitWithAck('auction:join', { auctionId });
    expect(joinedB.data.online).toBe(2);
    const got = { a: collectSeqs(onA), b: collectSeqs(onB) };
    for (let i = 1; i <= 20; i += 1) await publish(bidEvent(auctionId, i));
    await until(() => got.a.length >= 20 && got.b.length >= 20);
    await sleep(500);
    expect(got).toEqual({ a: oneTo(20), b: oneTo(20) });
  });

  it('gives a client that dropped for a moment the events it missed when it comes back (connection state recovery)', async () => {
    const gw = await startGateway();
    const auctionId = await createAuction();
    const me = await signedIn();
    const observer = await open(gw.url);
    await observer.emitWithAck('auction:join', { auctionId });
    const observed = collectSeqs(observer);
    const s = await connected(socketTo(gw.url, { extraHeaders: { cookie: me.cookie }, reconnection: false }));
    await s.emitWithAck('auction:join', { auctionId });
    const seqs = collectSeqs(s);
    const alerts: unknown[] = [];
    s.on('alert.fired', (e) => alerts.push(e));
    await publish(bidEvent(auctionId, 1));
    await until(() => seqs.length === 1);
    expect(s.recovered).toBe(false);

    // Drop the transport as a network failure would; a deliberate disconnect would end the session instead.
    const dropped = new Promise((r) => s.once('disconnect', r));
    s.io.engine.close();
    await dropped;
    await dropSeen(s);
    for (let i = 2; i <= 5; i += 1) await publish(bidEvent(auctionId, i));
    await publish(alertFor(me.userId));
    await until(() => observed.length === 5);
    expect(seqs).toEqual([1]);

    await connected(s.connect());
    expect(s.recovered).toBe(true);
    await until(() => seqs.length === 5 && alerts.length === 1);
    expect(seqs).toEqual(oneTo(5));
    expect(alerts).toHaveLength(1);
    // The recovered socket is still in its auction room and its user room.
    await publish(bidEvent(auctionId, 6));
    await publish(alertFor(me.userId));
    await until(() => seqs.length === 6 && alerts.length === 2);
    expect(seqs).toEqual(oneTo(6));
    expect(alerts).toHaveLength(2);
  });
});

describe('connection state recovery re-authenticates', () => {
  /** A signed-in socket in an auction room, dropped as a network failure would drop it; its recovery id. */
  async function droppedMember(url: string) {
    const auctionId = await createAuction();
    const me = await signedIn();
    const s = await connected(socketTo(url, { extraHeaders: { cookie: me.cookie }, reconnection: false }));
    await s.emitWithAck('auction:join', { auctionId });
    const seqs = collectSeqs(s);
    await publish(bidEvent(auctionId, 1));
    await until(() => seqs.length === 1);
    const socketId = s.id!;
    const dropped = new Promise((r) => s.once('disconnect', r));
    s.io.engine.close();
    await dropped;
    await dropSeen(s);
    const { _pid: pid, _lastOffset: offset } = s as unknown as { _pid: string; _lastOffset: string };
    expect(pid).toBeTruthy();
    return { ...me, auctionId, pid, offset, socketId };
  }

  /** A new client presenting a recovery id, with or without cookies; the private events and bid seqs it receives. */
  async function presenting(url: string, auth: { pid: string; offset: string }, cookie?: string) {
    const s = socketTo(url, { auth, extraHeaders: cookie ? { cookie } : {}, reconnection: false });
    const alerts: unknown[] = [];
    s.on('alert.fired', (e) => alerts.push(e));
    const seqs = collectSeqs(s);
    await connected(s);
    return { s, alerts, seqs };
  }
  /** A recovered connection gets its old socket id back (the client's `recovered` flag only knows its own pid). */
  const recovered = (s: Socket, me: { socketId: string }) => s.id === me.socketId;

  it('gives a new connection that proves the same live session its socket back, with what it missed', async () => {
    const gw = await startGateway();
    const me = await droppedMember(gw.url);
    await publish(alertFor(me.userId));
    const back = await presenting(gw.url, me, me.cookie);
    expect(recovered(back.s, me)).toBe(true);
    await until(() => back.alerts.length === 1);
    expect(back.alerts).toHaveLength(1);
  });

  it('restores nothing to a connection that presents a recovery id without the cookies it was opened with', async () => {
    const gw = await startGateway();
    const me = await droppedMember(gw.url);
    await publish(alertFor(me.userId));
    const thief = await presenting(gw.url, me);
    expect(recovered(thief.s, me)).toBe(false);
    await publish(alertFor(me.userId));
    await publish(bidEvent(me.auctionId, 2));
    await sleep(400);
    expect(thief.alerts).toEqual([]);
    expect(thief.seqs).toEqual([]);
    // The id was used up by the refused try: the member's own reconnection starts afresh too.
    const owner = await presenting(gw.url, me, me.cookie);
    expect(recovered(owner.s, me)).toBe(false);
  });

  it("deletes a dropped socket's recovery state when its session ends, so even its cookies recover nothing", async () => {
    const gw = await startGateway();
    const me = await droppedMember(gw.url);
    const sessionId = createHash('sha256').update(me.cookie.slice('sid='.length)).digest('hex');
    const persisted = `${prefix}sio:session:${me.pid}`;
    expect(await redis.exists(persisted)).toBe(1);
    await publish({
      type: 'session.ended',
      stream: `user:${me.userId}`,
      seq: ++userSeq,
      at: new Date().toISOString(),
      userId: me.userId,
      sessionId,
    });
    for (let i = 0; i < 100 && (await redis.exists(persisted)) === 1; i += 1) await sleep(20);
    expect(await redis.exists(persisted)).toBe(0);
    // The cookie still names a live session here (only the event was sent): the state itself is gone.
    const back = await presenting(gw.url, me, me.cookie);
    expect(recovered(back.s, me)).toBe(false);
  });

  it('caps the connections one address holds open, counting the forwarded address only from a trusted proxy', async () => {
    const capped = await startGateway({ socketsPerAddress: 2, trustProxy: 1 });
    const from = (address: string) => ({ extraHeaders: { 'x-forwarded-for': address }, reconnection: false });
    const first = await connected(socketTo(capped.url, from('203.0.113.7')));
    await connected(socketTo(capped.url, from('203.0.113.7')));
    await expect(connected(socketTo(capped.url, from('203.0.113.7')))).rejects.toThrow();
    await connected(socketTo(capped.url, from('203.0.113.8')));
    // A closed connection frees its place.
    first.disconnect();
    // The place is free once the gateway has seen the close, which the client cannot await: wait for a handshake
    // from that address to be admitted (each refused one holds no place).
    const admitted = () =>
      connected(socketTo(capped.url, from('203.0.113.7'))).then(
        () => true,
        () => false,
      );
    await expect.poll(admitted).toBe(true);

    // Without a trusted proxy the header is the client's own word: the peer's address is counted.
    const direct = await startGateway({ socketsPerAddress: 2 });
    await connected(socketTo(direct.url, from('203.0.113.1')));
    await connected(socketTo(direct.url, from('203.0.113.2')));
    await expect(connected(socketTo(direct.url, from('203.0.113.3')))).rejects.toThrow();
  });
});

describe('when the reading gateway goes away', () => {
  it('another gateway takes over and its sockets still get every event', async () => {
    const auctionId = await createAuction();
    const survivor = await startGateway();
    const s = await open(survivor.url);
    await s.emitWithAck('auction:join', { auctionId });
    const seqs = collectSeqs(s);
    // Stop every other gateway, whichever of them holds the reader lease.
    for (const g of gateways.filter((g) => g !== survivor)) await g.close();
    gateways.splice(0, gateways.length, survivor);
    for (let i = 1; i <= 10; i += 1) await publish(bidEvent(auctionId, i));
    await until(() => seqs.length >= 10);
    expect(seqs).toEqual(oneTo(10));
  });

  it('relays an entry that a consumer took and never acknowledged, once it has been idle 5 s', async () => {
    const auctionId = await createAuction();
    const s = await open(gateways[0]!.url);
    await s.emitWithAck('auction:join', { auctionId });
    const seqs = collectSeqs(s);
    // A consumer that read the entry and died before acknowledging it. In one transaction, so the entry is its own
    // before the live reader's blocking read is served.
    const key = eventsStreamKey(prefix);
    const taken = await redis
      .multi()
      .xadd(key, '*', EVENTS_STREAM_FIELD, JSON.stringify(bidEvent(auctionId, 1)))
      .xreadgroup('GROUP', GATEWAY_GROUP, 'crashed-consumer', 'COUNT', 1, 'STREAMS', key, '>')
      .exec();
    expect(taken?.[1]?.[1]).toBeTruthy();
    await sleep(2000);
    expect(seqs).toEqual([]);
    await until(() => seqs.length === 1, 9_000);
    await sleep(300);
    expect(seqs).toEqual([1]);
    const [pending] = (await redis.xpending(key, GATEWAY_GROUP)) as [number];
    expect(pending).toBe(0);
  }, 15_000);
});

describe('forum rooms', () => {
  const replyEvent = (postId: number, seq: number): DomainEvent => ({
    type: 'forum.reply.posted',
    stream: `thread:${postId}`,
    seq,
    at: new Date().toISOString(),
    postId,
    replies: seq,
    reply: {
      id: seq,
      postId,
      userId: 1,
      content: `reply ${seq}`,
      likes: 0,
      createdAt: new Date().toISOString(),
      user: { id: 1, name: 'R' },
    },
  });
  const postEvent = (postId: number, seq: number): DomainEvent => ({
    type: 'forum.post.created',
    stream: 'forum',
    seq,
    at: new Date().toISOString(),
    postId,
    category: 'general',
    title: 'T',
    userId: 1,
    userName: 'W',
  });

  it("relays a thread's events to its watchers only, the list's to the list's, and stops after unwatch", async () => {
    const gw = await startGateway();
    const onThread = await open(gw.url);
    const onOther = await open(gw.url);
    const onList = await open(gw.url);
    expect(await onThread.emitWithAck('forum:watch', { postId: 7 })).toEqual({ ok: true, data: null });
    await onOther.emitWithAck('forum:watch', { postId: 8 });
    await onList.emitWithAck('forum:watch', {});
    expect(await onList.emitWithAck('forum:watch', { postId: 'user:1' })).toMatchObject({ ok: false });
    const got = { thread: [] as number[], other: 0, listPosts: [] as number[], listReplies: 0 };
    onThread.on('forum.reply.posted', (e: { seq: number }) => got.thread.push(e.seq));
    onOther.on('forum.reply.posted', () => (got.other += 1));
    onList.on('forum.reply.posted', () => (got.listReplies += 1));
    onList.on('forum.post.created', (e: { postId: number }) => got.listPosts.push(e.postId));
    await publish(replyEvent(7, 1));
    await publish(postEvent(99, 1));
    await until(() => got.thread.length === 1 && got.listPosts.length === 1);
    await onThread.emitWithAck('forum:unwatch', { postId: 7 });
    await publish(replyEvent(7, 2));
    await sleep(300);
    expect(got).toEqual({ thread: [1], other: 0, listPosts: [99], listReplies: 0 });
  });
});
