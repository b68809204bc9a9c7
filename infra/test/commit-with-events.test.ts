// The events transport's writing half: drafts appended in the transaction that caused them, each to the stream it
// names, and published once that transaction has committed, in the order appended; nothing when it fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { EventDraft } from '@app/shared';
import { appendEvents } from '../src/events/append-events.js';
import { commitWithEvents } from '../src/events/commit-with-events.js';
import { EventPublisher } from '../src/events/publish.js';
import { eventFromStreamFields, eventsStreamKey } from '../src/events/stream-fields.js';
import { redisStreamWriter } from '../src/events/stream-writer.js';
import {
  createTestDatabase,
  dropRedisPrefix,
  testRedisPrefix,
  type TestDatabase,
} from '../test-support/test-database.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let db: TestDatabase;
let redis: Redis;
let prefix: string;
let events: EventPublisher;
beforeAll(async () => {
  db = await createTestDatabase();
  redis = new Redis(REDIS_URL);
  prefix = testRedisPrefix();
  events = new EventPublisher(db.sql, redisStreamWriter(redis, prefix), pino({ level: 'silent' }));
});
afterAll(async () => {
  await events.drain();
  redis.disconnect();
  await dropRedisPrefix(REDIS_URL, prefix);
  await db.drop();
});

const at = new Date().toISOString();
const changed = (adminId: number): EventDraft => ({ type: 'admin.changed', at, adminId, what: 'user', subject: 'x' });
const ended = (userId: number): EventDraft => ({ type: 'session.ended', at, userId, sessionId: 'a'.repeat(64) });
const published = async () => {
  await events.drain();
  return (await redis.xrange(eventsStreamKey(prefix), '-', '+')).map(([, f]) => eventFromStreamFields(f)!);
};

describe('appendEvents', () => {
  it('appends each draft to the stream it names, numbering each stream on its own, streams in name order', async () => {
    const committed = await db.sql.begin((tx) => appendEvents(tx, [ended(902), changed(1), ended(901), ended(902)]));
    expect(committed.map((c) => [c.event.stream, c.event.seq])).toEqual([
      ['admins', 1],
      ['user:901', 1],
      ['user:902', 1],
      ['user:902', 2],
    ]);
    const again = await db.sql.begin((tx) => appendEvents(tx, [ended(902)]));
    expect(again.map((c) => [c.event.stream, c.event.seq])).toEqual([['user:902', 3]]);
    const [row] = await db.sql<{ payload: { stream: string; seq: number } }[]>`
      select payload from outbox where id = ${again[0]!.outboxId}`;
    expect(row!.payload).toMatchObject({ stream: 'user:902', seq: 3, type: 'session.ended' });
  });
  it('numbers racing appends to the same streams without a gap, a repeat or a deadlock, in one statement each', async () => {
    // Forty transactions at once, half naming the two streams in one order and half in the other; each holds its
    // counter locks for a moment, so they overlap.
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.sql.begin(async (tx) => {
          const committed = await appendEvents(
            tx,
            i % 2 ? [ended(941), ended(942), ended(941)] : [ended(942), ended(941)],
          );
          await tx`select pg_sleep(0.005)`;
          return committed;
        }),
      ),
    );
    for (const [stream, each] of [
      ['user:941', [2, 1]],
      ['user:942', [1, 1]],
    ] as const) {
      const seqs = results.flatMap((r) => r.filter((c) => c.event.stream === stream).map((c) => c.event.seq));
      const expected = 20 * each[0] + 20 * each[1];
      expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: expected }, (_, k) => k + 1));
      const rows = await db.sql<{ seq: number }[]>`select seq::int from outbox where stream = ${stream} order by seq`;
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: expected }, (_, k) => k + 1));
    }
    // Each transaction's events of one stream are consecutive, and come back streams in name order.
    for (const r of results) {
      expect(r.map((c) => c.event.stream)).toEqual([...r.map((c) => c.event.stream)].sort());
      const mine = r.filter((c) => c.event.stream === 'user:941').map((c) => c.event.seq);
      mine.forEach((seq, k) => expect(seq).toBe(mine[0]! + k));
    }
  });
});

describe('commitWithEvents', () => {
  it('publishes nothing before the commit, then everything appended, in the order appended', async () => {
    const before = (await published()).length;
    const result = await commitWithEvents({ sql: db.sql, events }, async (tx, outbox) => {
      await outbox.append([ended(911)]);
      await outbox.append([changed(2)]);
      await tx`select pg_sleep(0.05)`;
      expect(await redis.xlen(eventsStreamKey(prefix))).toBe(before);
      return 'done';
    });
    expect(result).toBe('done');
    expect((await published()).slice(before).map((e) => [e.type, e.stream])).toEqual([
      ['session.ended', 'user:911'],
      ['admin.changed', 'admins'],
    ]);
  });

  it('stores and publishes nothing when the work fails', async () => {
    const before = (await published()).length;
    await expect(
      commitWithEvents({ sql: db.sql, events }, async (_tx, outbox) => {
        await outbox.append([ended(921)]);
        throw new Error('refused after appending');
      }),
    ).rejects.toThrow('refused after appending');
    expect((await published()).length).toBe(before);
    const [n] = await db.sql<{ n: number }[]>`select count(*)::int as n from outbox where stream = 'user:921'`;
    expect(n!.n).toBe(0);
  });

  it('reports the error of a write sent without waiting, and then stores and publishes nothing', async () => {
    const before = (await published()).length;
    await expect(
      commitWithEvents({ sql: db.sql, events }, async (tx, outbox) => {
        void outbox.inFlight(tx`insert into no_such_table values (1)`);
        void outbox.append([ended(931)]);
      }),
    ).rejects.toThrow(/no_such_table/);
    expect((await published()).length).toBe(before);
    const [n] = await db.sql<{ n: number }[]>`select count(*)::int as n from outbox where stream = 'user:931'`;
    expect(n!.n).toBe(0);
  });
});
