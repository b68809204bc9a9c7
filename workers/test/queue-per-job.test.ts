// Each kind of job runs on a queue named for it. A deployment upgraded from the days when the auction-close queue also
// ran escrow deadlines, trade-in expiry and housekeeping loses nothing and runs nothing twice: those schedulers are
// removed from the auction-close queue at start, a former job still waiting there is acknowledged without running, and
// each kind runs from its own queue's scheduler.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import pino from 'pino';
import { bullConnection } from '@app/infra';
import { QUEUE_NAMES } from '@app/shared';
import {
  createTestDatabase,
  dropRedisPrefix,
  testRedisPrefix,
  type TestDatabase,
} from '../../infra/test-support/test-database.js';
import { startWorkers } from '../src/index.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = pino({ level: 'silent' });
let db: TestDatabase;
let prefix: string;

beforeAll(async () => {
  db = await createTestDatabase();
  prefix = testRedisPrefix();
});
afterAll(async () => {
  await dropRedisPrefix(REDIS_URL, prefix);
  await db.drop();
});

const FORMER = ['escrow-deadlines', 'trade-in-expiry', 'housekeeping'];

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}

it('moves the former jobs of the auction-close queue to queues of their own, acknowledging what was waiting', async () => {
  const former = new Queue(QUEUE_NAMES.close, { connection: bullConnection(REDIS_URL), prefix: `${prefix}bull` });
  for (const name of FORMER)
    await former.upsertJobScheduler(name, { every: 60_000 }, { name, data: {}, opts: { attempts: 1 } });
  const waiting = await former.add('housekeeping', {}, { jobId: 'former-housekeeping' });
  await former.close();

  const workers = await startWorkers({
    sql: db.sql,
    redisUrl: REDIS_URL,
    redisPrefix: prefix,
    logger,
    sweepEveryMs: 200,
  });
  try {
    const close = workers.closeQueue.queue;
    expect((await close.getJobSchedulers()).map((s) => s.key)).toEqual(['sweep-overdue']);
    const done = await waitFor(
      () => close.getJob(waiting.id!),
      (j) => j?.finishedOn !== undefined,
    );
    expect(done!.returnvalue).toEqual({ runsOnItsOwnQueue: 'housekeeping' });
    expect(await done!.isCompleted()).toBe(true);

    const own = [workers.escrowDeadlines, workers.tradeInExpiry, workers.housekeeping];
    expect(own.map((q) => q.queue.name)).toEqual(FORMER);
    for (const q of own) expect((await q.queue.getJobSchedulers()).map((s) => s.key)).toEqual([q.queue.name]);
    // The two on the sweeper's cadence run within moments, each from its own queue.
    for (const q of [workers.escrowDeadlines, workers.tradeInExpiry]) {
      const completed = await waitFor(
        () => q.queue.getCompletedCount(),
        (n) => n > 0,
      );
      expect(completed).toBeGreaterThan(0);
    }
    expect(await close.getFailedCount()).toBe(0);
  } finally {
    await workers.close();
  }
});
