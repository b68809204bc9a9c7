// BullMQ on Redis Cluster: a queue's scripts touch several of its keys at once, which a cluster refuses (CROSSSLOT)
// unless they hash to one slot. Every key the product's queues make, of every kind (waiting, delayed, active, done,
// failed, schedulers, events, ids, meta), is made here by real queues and workers, then its slot is computed as the
// Redis Cluster specification says; and the same queues run on a real Redis in cluster mode, which checks every
// script's keys itself and names each key's slot.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster } from 'ioredis';
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { QUEUE_NAMES } from '@app/shared';
import { findRedisServer, freePort } from '../scripts/own-servers.mjs';
import { bullConnection, bullPrefix, createRedis, dropRedisPrefix } from '../src/redis-connection.js';
import { testRedisPrefix } from '../test-support/test-database.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** CRC16-CCITT (XMODEM), the checksum the Redis Cluster specification hashes keys with. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The slot of a key: only the part between the first `{` and the next `}` counts, when that part is not empty. */
function keySlot(key: string): number {
  const open = key.indexOf('{');
  const close = open === -1 ? -1 : key.indexOf('}', open + 1);
  const hashed = close > open + 1 ? key.slice(open + 1, close) : key;
  return crc16(new TextEncoder().encode(hashed)) % 16384;
}

it('computes slots as Redis Cluster does', () => {
  // Values from the specification and from CLUSTER KEYSLOT.
  expect(crc16(new TextEncoder().encode('123456789'))).toBe(0x31c3);
  expect(keySlot('foo')).toBe(12182);
  expect(keySlot('somekey')).toBe(11058);
  expect(keySlot('{user1000}.following')).toBe(keySlot('{user1000}.followers'));
  expect(keySlot('x{bar}y')).toBe(keySlot('bar'));
});

it('refuses a prefix that would move the hash tag', () => {
  expect(bullPrefix('auction:')).toBe('{auction:bull}');
  expect(() => bullPrefix('a{b}:')).toThrow(/must not contain/);
});

/** Runs the product's queues' kinds of work: immediate, delayed, failed and scheduled jobs, one of each processed. */
async function exerciseQueues(connection: ConnectionOptions, prefix: string) {
  const names = [QUEUE_NAMES.close, QUEUE_NAMES.notices, 'scheduled-check'];
  const queues = names.map((name) => new Queue(name, { connection, prefix }));
  // A queue nobody works on keeps its jobs waiting.
  const idle = new Queue('idle-check', { connection, prefix });
  await idle.add('waits', { n: 0 });
  await idle.close();
  const processed: string[] = [];
  const workers = names.map(
    (name) =>
      new Worker(
        name,
        async (job) => {
          if (job.name === 'fails') throw new Error('refused on purpose');
          processed.push(`${name}:${job.name}`);
        },
        { connection, prefix },
      ),
  );
  try {
    for (const queue of queues) {
      await queue.add('now', { n: 1 }, { removeOnComplete: 10 });
      await queue.add('fails', { n: 2 }, { attempts: 1 });
      await queue.add('later', { n: 3 }, { delay: 60_000, jobId: `later-${queue.name}` });
      await queue.add('soon', { n: 4 }, { delay: 50 });
    }
    await queues[2]!.upsertJobScheduler('every-minute', { every: 60_000 }, { name: 'tick' });
    const deadline = Date.now() + 15_000;
    while (processed.filter((p) => p.endsWith(':now') || p.endsWith(':soon')).length < 6 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    for (const queue of queues) expect(await queue.getFailedCount()).toBe(1);
    expect(processed).toEqual(expect.arrayContaining(names.flatMap((n) => [`${n}:now`, `${n}:soon`])));
  } finally {
    for (const w of workers) await w.close();
    for (const q of queues) await q.close();
  }
}

describe('the queues of one deployment', () => {
  const prefix = testRedisPrefix();
  afterAll(() => dropRedisPrefix(REDIS_URL, prefix));

  it('keep every key in one slot', async () => {
    await exerciseQueues(bullConnection(REDIS_URL), bullPrefix(prefix));
    const redis = createRedis(REDIS_URL);
    try {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${bullPrefix(prefix)}*`, 'COUNT', 1000);
        cursor = next;
        keys.push(...found);
      } while (cursor !== '0');
      const kinds = new Set(keys.map((k) => k.split(':').at(-1)));
      for (const kind of ['wait', 'delayed', 'completed', 'failed', 'events', 'id', 'meta', 'repeat'])
        expect(kinds, kind).toContain(kind);
      expect(new Set(keys.map(keySlot)).size).toBe(1);
      // What the untagged prefix (`<prefix>bull`) did: the same keys spread over many slots.
      const untagged = keys.map((k) => k.replace(bullPrefix(prefix), `${prefix}bull`));
      expect(new Set(untagged.map(keySlot)).size).toBeGreaterThan(10);
    } finally {
      redis.disconnect();
    }
  }, 30_000);
});

describe('on a Redis in cluster mode', () => {
  let dir: string;
  let server: ChildProcess | undefined;
  afterAll(async () => {
    server?.kill('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('runs the queues, the cluster itself finding every key of a deployment in one slot', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cluster-'));
    const port = await freePort();
    server = spawn(
      findRedisServer() ?? 'redis-server',
      [
        ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir],
        // A node alone has not learnt its own address from a peer: it names it, so the client can find it.
        ...['--cluster-enabled', 'yes', '--cluster-announce-ip', '127.0.0.1'],
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    // One node holding every slot: still a cluster, which refuses a script whose keys are in different slots.
    const admin = createRedis(`redis://127.0.0.1:${port}`, { retryStrategy: () => 100 });
    admin.on('error', () => {});
    try {
      await admin.call('CLUSTER', 'ADDSLOTSRANGE', '0', '16383');
      for (
        let i = 0;
        i < 100 && !(await admin.call('CLUSTER', 'INFO'))!.toString().includes('cluster_state:ok');
        i += 1
      )
        await new Promise((r) => setTimeout(r, 100));
      const cluster = new Cluster([{ host: '127.0.0.1', port }], { redisOptions: { maxRetriesPerRequest: null } });
      const prefix = 'cluster-check:';
      await exerciseQueues(cluster as unknown as ConnectionOptions, bullPrefix(prefix));
      cluster.disconnect();
      const keys = (await admin.keys('*')) as string[];
      expect(keys.length).toBeGreaterThan(10);
      const slots = new Set(await Promise.all(keys.map((k) => admin.call('CLUSTER', 'KEYSLOT', k))));
      expect([...slots]).toEqual([keySlot(bullPrefix(prefix))]);
      // The untagged prefix is what a cluster refuses.
      const untagged = new Queue(QUEUE_NAMES.close, {
        connection: new Cluster([{ host: '127.0.0.1', port }]) as unknown as ConnectionOptions,
        prefix: `${prefix}bull`,
      });
      await expect(untagged.add('now', {})).rejects.toThrow(/CROSSSLOT/);
      await untagged.close();
    } finally {
      admin.disconnect();
    }
  }, 60_000);
});
