// Hostile socket messages: every event a client may send (auction:join/leave, forum:watch/unwatch) with a corpus of
// nasty payloads and property-based arbitrary ones, without an acknowledgement, unknown event names, malformed and
// oversize packets, and the 100,000-argument event that once ended the process. The gateway answers each known event
// with a clean refusal, joins no room it should not, drops only a connection that breaks the protocol, and keeps
// serving everyone else: afterwards a well-behaved socket still joins and receives a broadcast.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { Redis } from 'ioredis';
import { JoinAckSchema, NoDataAckSchema, SOCKET_EVENTS, type DomainEvent } from '@app/shared';
import { EVENTS_STREAM_FIELD, eventsStreamKey } from '@app/infra';
import {
  createTestDatabase,
  dropRedisPrefix,
  testRedisPrefix,
  type TestDatabase,
} from '../../infra/test-support/test-database.js';
import { MAX_CLIENT_PACKET_BYTES } from '../src/client-packets.js';
import { createGateway, type Gateway } from '../src/gateway.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** An acknowledgement can need a database read: seconds on a busy machine. */
const ACK_MS = 10_000;
const CLIENT_EVENTS = [SOCKET_EVENTS.join, SOCKET_EVENTS.leave, SOCKET_EVENTS.forumWatch, SOCKET_EVENTS.forumUnwatch];
const ACK_SCHEMAS = {
  [SOCKET_EVENTS.join]: JoinAckSchema,
  [SOCKET_EVENTS.leave]: NoDataAckSchema,
  [SOCKET_EVENTS.forumWatch]: NoDataAckSchema,
  [SOCKET_EVENTS.forumUnwatch]: NoDataAckSchema,
};

let db: TestDatabase;
let prefix: string;
let gateway: Gateway;
let http: ReturnType<typeof createServer>;
let url: string;
let auctionId: number;
let cookie: string;
let redis: Redis;
const sockets: Socket[] = [];

function deep(n: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < n; i += 1) v = { a: [v] };
  return v;
}
const VALUES: unknown[] = [
  '\u0000',
  'abc\u0000def',
  '\uD800',
  '',
  ' ',
  '12abc',
  '1e3',
  '0x10',
  '-1',
  '0',
  2_147_483_648,
  9_007_199_254_740_993,
  -1,
  0,
  1.5,
  1e308,
  Number.NaN,
  'Infinity',
  'true',
  true,
  false,
  null,
  undefined,
  [],
  {},
  [1, 2],
  { $gt: '' },
  "1' or '1'='1",
  '<script>alert(1)</script>',
  '__proto__',
  { __proto__: { auctionId: 1 } },
  'x'.repeat(500),
  deep(40),
];
/** Each value as the whole payload and in the field the event reads. */
const PAYLOADS: unknown[] = VALUES.flatMap((v) => [v, { auctionId: v }, { postId: v }]);

beforeAll(async () => {
  db = await createTestDatabase();
  prefix = testRedisPrefix();
  http = createServer();
  gateway = await createGateway(http, {
    sql: db.sql,
    redisUrl: REDIS_URL,
    redisPrefix: prefix,
    origins: [],
    logger: pino({ level: 'silent' }),
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const [car] = await db.sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, mileage, condition) values ('HST00000000000001', 2020, 'BMW', 'M2', 100, 'Good') returning id`;
  const [a] = await db.sql<{ id: number }[]>`
    insert into auctions (car_id, starting_bid, current_bid, start_time, end_time, location)
    values (${car!.id}, 1000, 0, now() - interval '1 hour', now() + interval '1 hour', 'Here') returning id`;
  auctionId = a!.id;
  const [u] = await db.sql<
    { id: number }[]
  >`insert into users (email, name, password_hash) values ('fuzz@example.test', 'Fuzz', 'x') returning id`;
  const token = randomBytes(32).toString('base64url');
  await db.sql`insert into sessions (id, kind, user_id, expires_at) values (${createHash('sha256').update(token).digest('hex')}, 'user', ${u!.id}, now() + interval '1 hour')`;
  cookie = `sid=${token}`;
  redis = new Redis(REDIS_URL);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  redis?.disconnect();
  await gateway?.close();
  await new Promise<void>((r) => (http ? http.close(() => r()) : r()));
  await dropRedisPrefix(REDIS_URL, prefix);
  await db?.drop();
});

function open(withCookie = false): Promise<Socket> {
  const s = connect(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: withCookie ? { cookie } : {},
  });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** The rooms a socket is in, as the gateway sees them. */
async function roomsOf(s: Socket): Promise<string[]> {
  const [found] = await gateway.io.in(s.id!).fetchSockets();
  return [...(found?.rooms ?? [])].filter((r) => r !== s.id).sort();
}
/** Every room a fuzzed socket may end up in: its user's and session's, the real auction's, the forum's and a thread's. */
const allowedRoom = (room: string) =>
  /^(user:\d+|session:[0-9a-f]{64}|forum|thread:[1-9]\d{0,9})$/.test(room) || room === `auction:${auctionId}`;

let seq = 0;
/** A bid on the test auction, as the API would append it to the events stream. */
function bidEvent(): DomainEvent {
  seq += 1;
  const at = new Date().toISOString();
  return {
    type: 'bid.placed',
    stream: `auction:${auctionId}`,
    auctionId,
    seq,
    at,
    bidId: seq,
    amount: `${1000 * seq}.00`,
    currentBid: `${1000 * seq}.00`,
    bidCount: seq,
    endTime: at,
    extended: false,
    bidderName: 'B',
    bidderId: 1,
    reserveStatus: 'none',
    chatLine: { id: seq, message: 'New high bid', timestamp: at },
  };
}

/** A new socket joins the auction and receives the next bid broadcast to its room. */
async function expectServing(): Promise<void> {
  const s = await open();
  const ack = JoinAckSchema.parse(await s.timeout(ACK_MS).emitWithAck(SOCKET_EVENTS.join, { auctionId }));
  expect(ack).toMatchObject({ ok: true, data: { auctionId } });
  const event = bidEvent();
  const received = new Promise<{ seq: number }[]>((r) => s.once('auction:events', r));
  await redis.xadd(eventsStreamKey(prefix), '*', EVENTS_STREAM_FIELD, JSON.stringify(event));
  expect((await received).map((e) => e.seq)).toContain(event.seq);
  s.disconnect();
}

const closes = 'transport close';
const ignored = 'still open';
/** How long a frame that should close its connection is given to do so: the gateway may be slow on a busy machine. */
const CLOSE_MS = 10_000;
/** How long a connection that should stay open is watched. */
const IGNORED_MS = 1000;

/**
 * Writes one frame beneath socket.io's encoder (the bytes reach the gateway as they are) and says what became of it:
 * closed, or still open after waitMs.
 */
async function outcomeOf(frame: string | Uint8Array, waitMs = CLOSE_MS): Promise<string> {
  const s = await open();
  const closed = new Promise<string>((r) => s.once('disconnect', (reason) => r(reason)));
  (s.io.engine as unknown as { write(data: string | Uint8Array): void }).write(frame);
  const outcome = await Promise.race([closed, new Promise<string>((r) => setTimeout(() => r(ignored), waitMs))]);
  s.disconnect();
  return outcome;
}

/** An event packet as socket.io's encoder writes it, with an acknowledgement id. */
const eventFrame = (event: string, args: unknown[], ackId = 1) => `2${ackId}${JSON.stringify([event, ...args])}`;

describe('hostile socket messages', () => {
  it('answers every client event carrying a hostile payload with a clean acknowledgement, and joins no stray room', async () => {
    const anonymous = await open();
    const member = await open(true);
    for (const s of [anonymous, member]) {
      for (const event of CLIENT_EVENTS) {
        for (const payload of PAYLOADS) {
          const answer: unknown = await s.timeout(ACK_MS).emitWithAck(event, payload);
          const ack = ACK_SCHEMAS[event].safeParse(answer);
          expect(
            ack.success,
            `${event} ${JSON.stringify(payload)?.slice(0, 60)} -> ${JSON.stringify(answer)?.slice(0, 100)}`,
          ).toBe(true);
          // Only the real auction can be joined.
          const joined = event === SOCKET_EVENTS.join ? JoinAckSchema.parse(answer) : null;
          if (joined?.ok) expect(joined.data.auctionId).toBe(auctionId);
        }
      }
      expect(s.connected).toBe(true);
      expect((await roomsOf(s)).filter((r) => !allowedRoom(r))).toEqual([]);
    }
  }, 120_000);

  it('ignores messages without an acknowledgement and events no handler takes', async () => {
    const s = await open(true);
    for (const event of [...CLIENT_EVENTS, 'auction:bid', 'constructor', '__proto__', 'x'.repeat(500), '']) {
      for (const payload of [...PAYLOADS.slice(0, 30), { auctionId }]) s.emit(event, payload);
    }
    // The socket is still there, in no stray room, and answers a real join.
    await new Promise((r) => setTimeout(r, 300));
    expect(s.connected).toBe(true);
    expect((await roomsOf(s)).filter((r) => !allowedRoom(r))).toEqual([]);
    expect(JoinAckSchema.parse(await s.timeout(ACK_MS).emitWithAck(SOCKET_EVENTS.join, { auctionId }))).toMatchObject({
      ok: true,
    });
  });

  it('answers arbitrary payloads on any event name cleanly (property-based)', async () => {
    const s = await open(true);
    const fits = (payload: unknown) => JSON.stringify(payload).length < MAX_CLIENT_PACKET_BYTES - 100;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...CLIENT_EVENTS), fc.string({ maxLength: 30 })),
        fc.jsonValue({ maxDepth: 4 }).filter(fits),
        async (event, payload) => {
          if (Object.hasOwn(ACK_SCHEMAS, event)) {
            const answer: unknown = await s.timeout(ACK_MS).emitWithAck(event, payload);
            expect(
              ACK_SCHEMAS[event as keyof typeof ACK_SCHEMAS].safeParse(answer).success,
              `${event} ${JSON.stringify(payload).slice(0, 80)}`,
            ).toBe(true);
          } else {
            s.emit(event, payload);
          }
          expect(s.connected).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    expect((await roomsOf(s)).filter((r) => !allowedRoom(r))).toEqual([]);
  }, 120_000);

  it('closes the connection that sends 100,000 arguments (or a few hundred) to any client event, and serves everyone else', async () => {
    const bystander = await open(true);
    JoinAckSchema.parse(await bystander.timeout(ACK_MS).emitWithAck(SOCKET_EVENTS.join, { auctionId }));
    for (const event of CLIENT_EVENTS) {
      // 200 KB: refused by its size before it is decoded.
      expect(await outcomeOf(eventFrame(event, Array<number>(100_000).fill(1))), event).toBe(closes);
      // Under the size limit, but more arguments than an event has: refused as it is decoded, before dispatch.
      expect(await outcomeOf(eventFrame(event, Array<number>(300).fill(1))), event).toBe(closes);
      expect(await outcomeOf(eventFrame(event, [{ auctionId }, 'not a callback'])), event).toBe(closes);
    }
    expect(bystander.connected).toBe(true);
    await expectServing();
  }, 60_000);

  it('drops only the connection that sends a malformed or oversize packet, and keeps serving everyone else', async () => {
    const bystander = await open(true);
    JoinAckSchema.parse(await bystander.timeout(ACK_MS).emitWithAck(SOCKET_EVENTS.join, { auctionId }));
    // A packet the gateway cannot read, or that this protocol never uses, closes that connection; one it can read
    // but has no use for is ignored.
    const frames: [string | Uint8Array, string][] = [
      ['2["auction:join",', closes],
      ['2[', closes],
      ['9', closes],
      ['2{"auctionId":1}', closes],
      ['2[null]', closes],
      ['2[1,2,3]', closes],
      ['21-["auction:join",{"_placeholder":true,"num":0}]', closes],
      ['51-["auction:join",{"_placeholder":true,"num":7}]', closes],
      ['61-[{"_placeholder":true,"num":0}]', closes],
      ['31[{"auctionId":1}]', closes],
      [`2/admin,1${JSON.stringify([SOCKET_EVENTS.join, { auctionId }])}`, closes],
      [`2["${'x'.repeat(50_000)}"`, closes],
      [eventFrame(SOCKET_EVENTS.join, [{ auctionId: 'x'.repeat(MAX_CLIENT_PACKET_BYTES) }]), closes],
      [new Uint8Array([0xff, 0x00, 0xfe]), closes],
      // Names socket.io keeps for itself, which its client refuses to send.
      ...['disconnecting', 'disconnect', 'connect', 'connect_error', 'newListener', 'removeListener'].map(
        (name): [string, string] => [`2${JSON.stringify([name, { auctionId }])}`, closes],
      ),
      ['2', ignored],
      ['2[1]', ignored],
      ['2["error",{"auctionId":1}]', ignored],
      ['2["auction:bid",{"auctionId":1}]', ignored],
    ];
    for (const [frame, expected] of frames)
      expect(await outcomeOf(frame, expected === ignored ? IGNORED_MS : CLOSE_MS), String(frame).slice(0, 60)).toBe(
        expected,
      );
    const big = await open();
    const dropped = new Promise<string>((r) => big.once('disconnect', (reason) => r(reason)));
    big.emit(SOCKET_EVENTS.join, { auctionId: 'x'.repeat(2_000_000) });
    expect(await dropped).toBe('transport close');

    expect(bystander.connected).toBe(true);
    expect(await roomsOf(bystander)).toContain(`auction:${auctionId}`);
    await expectServing();
  }, 60_000);

  it('survives 1,000 random oversized and malformed packets to each client event (property-based)', async () => {
    const bystander = await open(true);
    JoinAckSchema.parse(await bystander.timeout(ACK_MS).emitWithAck(SOCKET_EVENTS.join, { auctionId }));
    const junk = fc.oneof(
      // Too many arguments, of any JSON.
      fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 2, maxLength: 400 }),
      // One oversized argument.
      fc.string({ minLength: MAX_CLIENT_PACKET_BYTES, maxLength: 4 * MAX_CLIENT_PACKET_BYTES }).map((x) => [x]),
      fc.array(fc.integer(), { minLength: 300, maxLength: 3000 }).map((xs) => [{ auctionId: xs }]),
    );
    const frame = (event: string) =>
      fc.oneof(
        junk.map((args) => eventFrame(event, args)),
        // Broken JSON after a valid start.
        fc.string({ maxLength: 200 }).map((x) => `2${JSON.stringify([event]).slice(0, -1)},${x}`),
        // Any bytes at all.
        fc.uint8Array({ minLength: 1, maxLength: 2000 }),
        fc.string({ minLength: 1, maxLength: 2000 }).map((x) => `${fc.sample(fc.nat(9), 1)[0]}${x}`),
      );
    // A few connections at a time, each sent one frame: most are closed by it, the rest are let go.
    const RUNS = 1000;
    const PARALLEL = 8;
    for (const event of CLIENT_EVENTS) {
      const frames = fc.sample(frame(event), RUNS);
      for (let i = 0; i < frames.length; i += PARALLEL)
        await Promise.all(frames.slice(i, i + PARALLEL).map((f) => outcomeOf(f, 30)));
      expect(bystander.connected, event).toBe(true);
    }
    expect(await roomsOf(bystander)).toContain(`auction:${auctionId}`);
    await expectServing();
  }, 300_000);
});
