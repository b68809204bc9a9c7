// Hostile socket messages: every event a client may send (auction:join/leave, forum:watch/unwatch) with a corpus of
// nasty payloads and property-based arbitrary ones, without or with a bogus acknowledgement, unknown event names,
// malformed and oversize packets. The gateway answers each known event with a clean refusal, joins no room it should
// not, drops only a connection that breaks the protocol, and keeps serving everyone else.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { JoinAckSchema, LeaveAckSchema, SOCKET_EVENTS } from '@app/shared';
import {
  createTestDatabase,
  dropRedisPrefix,
  testRedisPrefix,
  type TestDatabase,
} from '../../infra/test-support/test-database.js';
import { createGateway, type Gateway } from '../src/gateway.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLIENT_EVENTS = [SOCKET_EVENTS.join, SOCKET_EVENTS.leave, SOCKET_EVENTS.forumWatch, SOCKET_EVENTS.forumUnwatch];
const ACK_SCHEMAS = {
  [SOCKET_EVENTS.join]: JoinAckSchema,
  [SOCKET_EVENTS.leave]: LeaveAckSchema,
  [SOCKET_EVENTS.forumWatch]: LeaveAckSchema,
  [SOCKET_EVENTS.forumUnwatch]: LeaveAckSchema,
};

let db: TestDatabase;
let prefix: string;
let gateway: Gateway;
let http: ReturnType<typeof createServer>;
let url: string;
let auctionId: number;
let cookie: string;
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
  'x'.repeat(100_000),
  deep(500),
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
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
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

async function expectServing(): Promise<void> {
  const s = await open();
  const ack = JoinAckSchema.parse(await s.timeout(2000).emitWithAck(SOCKET_EVENTS.join, { auctionId }));
  expect(ack).toMatchObject({ ok: true, data: { auctionId } });
  s.disconnect();
}

describe('hostile socket messages', () => {
  it('answers every client event carrying a hostile payload with a clean acknowledgement, and joins no stray room', async () => {
    const anonymous = await open();
    const member = await open(true);
    for (const s of [anonymous, member]) {
      for (const event of CLIENT_EVENTS) {
        for (const payload of PAYLOADS) {
          const answer: unknown = await s.timeout(2000).emitWithAck(event, payload);
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

  it('ignores messages without an acknowledgement, with a non-function in its place, with extra arguments, and unknown events', async () => {
    const s = await open(true);
    for (const event of [...CLIENT_EVENTS, 'auction:bid', 'constructor', '__proto__', 'x'.repeat(10_000), '']) {
      for (const payload of [...PAYLOADS.slice(0, 30), { auctionId }]) {
        s.emit(event, payload);
        s.emit(event, payload, 'not a callback', { and: 'more' }, [1, 2, 3]);
      }
    }
    // The socket is still there, in no stray room, and answers a real join.
    await new Promise((r) => setTimeout(r, 300));
    expect(s.connected).toBe(true);
    expect((await roomsOf(s)).filter((r) => !allowedRoom(r))).toEqual([]);
    expect(JoinAckSchema.parse(await s.timeout(2000).emitWithAck(SOCKET_EVENTS.join, { auctionId }))).toMatchObject({
      ok: true,
    });
  });

  it('answers arbitrary payloads on any event name cleanly (property-based)', async () => {
    const s = await open(true);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...CLIENT_EVENTS), fc.string({ maxLength: 30 })),
        fc.jsonValue({ maxDepth: 4 }),
        async (event, payload) => {
          if (Object.hasOwn(ACK_SCHEMAS, event)) {
            const answer: unknown = await s.timeout(2000).emitWithAck(event, payload);
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

  it('drops only the connection that sends a malformed or oversize packet, and keeps serving everyone else', async () => {
    const bystander = await open(true);
    JoinAckSchema.parse(await bystander.timeout(2000).emitWithAck(SOCKET_EVENTS.join, { auctionId }));
    // A packet the gateway cannot read closes that connection; one it can read but has no use for is ignored.
    const closes = 'transport close';
    const ignored = 'still open';
    const frames: [string | Uint8Array, string][] = [
      ['2["auction:join",', closes],
      ['2[', closes],
      ['9', closes],
      ['2{"auctionId":1}', closes],
      ['2[null]', closes],
      ['21-["auction:join",{"_placeholder":true,"num":0}]', closes],
      [`2["${'x'.repeat(50_000)}"`, closes],
      [new Uint8Array([0xff, 0x00, 0xfe]), closes],
      // Names socket.io keeps for itself, which its client refuses to send.
      ...['disconnecting', 'disconnect', 'connect', 'connect_error', 'newListener', 'removeListener'].map(
        (name): [string, string] => [`2${JSON.stringify([name, { auctionId }])}`, closes],
      ),
      ['2', ignored],
      ['2[1,2,3]', ignored],
      ['2["error",{"auctionId":1}]', ignored],
      // A binary event waiting for attachments that never come holds nothing but that connection's parser.
      ['51-["auction:join",{"_placeholder":true,"num":7}]', ignored],
    ];
    for (const [frame, expected] of frames) {
      const s = await open();
      const closed = new Promise<string>((r) => s.once('disconnect', (reason) => r(reason)));
      // Written beneath socket.io's encoder: the bytes reach the gateway as they are.
      (s.io.engine as unknown as { write(data: string | Uint8Array): void }).write(frame);
      const outcome = await Promise.race([closed, new Promise<string>((r) => setTimeout(() => r(ignored), 1000))]);
      expect(outcome, String(frame).slice(0, 60)).toBe(expected);
      s.disconnect();
    }
    const big = await open();
    const dropped = new Promise<string>((r) => big.once('disconnect', (reason) => r(reason)));
    big.emit(SOCKET_EVENTS.join, { auctionId: 'x'.repeat(2_000_000) });
    expect(await dropped).toBe('transport close');

    expect(bystander.connected).toBe(true);
    expect(await roomsOf(bystander)).toContain(`auction:${auctionId}`);
    await expectServing();
  }, 60_000);
});
