// What a core test runs a command on: a database cloned for its file, a Redis prefix of its own, and the real event
// publisher writing to the real events stream, which the test reads back to see what was published and in what order.
import { afterAll, beforeAll } from 'vitest';
import { Redis } from 'ioredis';
import pino from 'pino';
import { EventPublisher, eventFromStreamFields, eventsStreamKey, redisStreamWriter, type EventDeps } from '@app/infra';
import type { DomainEvent } from '@app/shared';
import {
  createTestDatabase,
  dropRedisPrefix,
  testRedisPrefix,
  type TestDatabase,
} from '../../infra/test-support/test-database.js';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface CoreContext extends EventDeps {
  db: TestDatabase;
  redis: Redis;
  prefix: string;
  /** Every event published so far, in the order it reached the events stream. */
  published(): Promise<DomainEvent[]>;
  close(): Promise<void>;
}

export async function createCoreContext(): Promise<CoreContext> {
  const db = await createTestDatabase();
  const prefix = testRedisPrefix();
  const redis = new Redis(REDIS_URL);
  const events = new EventPublisher(db.sql, redisStreamWriter(redis, prefix), pino({ level: 'silent' }));
  return {
    db,
    sql: db.sql,
    events,
    redis,
    prefix,
    async published() {
      await events.drain();
      const entries = await redis.xrange(eventsStreamKey(prefix), '-', '+');
      return entries.map(([, fields]) => eventFromStreamFields(fields)!);
    },
    async close() {
      await events.drain();
      redis.disconnect();
      await dropRedisPrefix(REDIS_URL, prefix);
      await db.drop();
    },
  };
}

/**
 * The context of one test file: made before its tests, dropped after them. Its fields are there from the first test
 * on (not at import time).
 */
export function coreContextOfFile(): CoreContext {
  const ctx = {} as CoreContext;
  beforeAll(async () => {
    Object.assign(ctx, await createCoreContext());
  });
  afterAll(() => ctx.close());
  return ctx;
}
