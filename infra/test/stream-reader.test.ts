// The gateway's exclusive reader: a reader frozen in the middle of its read must not handle, on waking, a batch that
// the process that took its lease meanwhile has already claimed and handled.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { DomainEvent } from '@app/shared';
import { EVENTS_STREAM_FIELD, eventsStreamKey } from '../src/events/stream-fields.js';
import { StreamReader } from '../src/events/stream-reader.js';
import { dropRedisPrefix, testRedisPrefix } from '../test-support/test-database.js';
import { startFreezableProxy, type FreezableProxy } from '../test-support/freezable-proxy.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = pino({ level: 'silent' });
let prefix: string;
let redis: Redis;
let proxy: FreezableProxy;

beforeAll(async () => {
  prefix = testRedisPrefix();
  redis = new Redis(REDIS_URL);
  const u = new URL(REDIS_URL);
  proxy = await startFreezableProxy(u.hostname, Number(u.port || 6379));
});
afterAll(async () => {
  proxy.thaw();
  await proxy.close();
  redis.disconnect();
  await dropRedisPrefix(REDIS_URL, prefix);
});

const event = (seq: number) =>
  ({
    type: 'auction.extended',
    stream: 'auction:1',
    seq,
    at: new Date().toISOString(),
    auctionId: 1,
    endTime: new Date().toISOString(),
  }) as DomainEvent;
const publish = (e: DomainEvent) => redis.xadd(eventsStreamKey(prefix), '*', EVENTS_STREAM_FIELD, JSON.stringify(e));
/** Readers hand over through Redis leases and claims: seconds on a busy machine. */
const until = async (ok: () => boolean) => {
  const end = Date.now() + 15_000;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
};

it('a reader that wakes after losing its lease leaves its batch to the new reader: every event handled once', async () => {
  const handled: string[] = [];
  const reader = (name: string, url: string) =>
    new StreamReader({
      redis: new Redis(url, { maxRetriesPerRequest: null }),
      prefix,
      group: 'gateways',
      logger,
      exclusive: true,
      handle: (events) => void handled.push(...events.map((e) => `${name}:${e.seq}`)),
    });
  // The first reader talks to Redis through the proxy, so it can be frozen as a SIGSTOPped process would be.
  const frozenOne = reader('a', proxy.url('redis'));
  await frozenOne.start();
  await until(() => frozenOne.isReader);
  expect(frozenOne.isReader).toBe(true);
  const other = reader('b', REDIS_URL);
  await other.start();
  try {
    await publish(event(1));
    await until(() => handled.length === 1);
    expect(handled).toEqual(['a:1']);

    // Frozen while blocked in its read: Redis hands it the next entries, which it does not see until it wakes.
    proxy.freeze();
    await new Promise((r) => setTimeout(r, 200));
    for (let seq = 2; seq <= 4; seq += 1) await publish(event(seq));
    // Its lease runs out; the other reader takes over and claims what the frozen one was given.
    await until(() => handled.length === 4);
    proxy.thaw();
    await new Promise((r) => setTimeout(r, 1500));
    for (let seq = 5; seq <= 6; seq += 1) await publish(event(seq));
    await until(() => handled.length >= 6);
    await new Promise((r) => setTimeout(r, 500));

    const seqs = handled.map((h) => Number(h.split(':')[1]));
    expect([...seqs].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(handled.slice(1, 4)).toEqual(['b:2', 'b:3', 'b:4']);
  } finally {
    await other.stop();
    await frozenOne.stop();
  }
});
