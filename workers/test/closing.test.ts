import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import pino from 'pino';
import { Queue } from 'bullmq';
import {
  EVENTS_STREAM_FIELD,
  bullConnection,
  bullPrefix,
  dropRedisKeys,
  eventsStreamKey,
  redisStreamWriter,
} from '@app/infra';
import { QUEUE_NAMES, streams, type DomainEvent } from '@app/shared';
import {
  createTestDatabase,
  dropRedisPrefix,
  testRedisPrefix,
  type TestDatabase,
} from '../../infra/test-support/test-database.js';
import { closeJobId } from '../src/queues/auction-close-queue.js';
import { startWorkers } from '../src/index.js';
import { startFreezableProxy } from '../../infra/test-support/freezable-proxy.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = pino({ level: 'silent' });
let db: TestDatabase;
let prefix: string;
let redis: Redis;

beforeAll(async () => {
  db = await createTestDatabase();
  prefix = testRedisPrefix();
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  redis.disconnect();
  await dropRedisPrefix(REDIS_URL, prefix);
  await db.drop();
});

let n = 0;
async function auction(o: {
  endsInMs: number;
  bids?: number[];
  reserve?: string;
}): Promise<{ id: number; bidders: number[] }> {
  n += 1;
  const [car] = await db.sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, mileage, condition)
    values (${`WRK${String(n).padStart(14, '0')}`}, 2020, 'Audi', 'RS 3', 100, 'Good') returning id`;
  const bids = o.bids ?? [];
  const [a] = await db.sql<{ id: number }[]>`
    insert into auctions (car_id, starting_bid, current_bid, reserve_price, start_time, end_time, location, bid_count)
    values (${car!.id}, 1000, ${bids.at(-1) ?? 0}, ${o.reserve ?? null}, now() - interval '1 hour',
            now() + ${o.endsInMs} * interval '1 millisecond', 'Here', ${bids.length}) returning id`;
  const bidders: number[] = [];
  for (const [i, amount] of bids.entries()) {
    const [u] = await db.sql<{ id: number }[]>`
      insert into users (email, name, password_hash) values (${`w${n}-${i}@example.test`}, ${`Bidder ${i}`}, 'x') returning id`;
    await db.sql`insert into bids (auction_id, user_id, amount) values (${a!.id}, ${u!.id}, ${amount})`;
    bidders.push(u!.id);
  }
  return { id: a!.id, bidders };
}

const state = async (id: number) =>
  (
    await db.sql<{ status: string; winnerId: number | null; closedAt: Date | null; endTime: Date }[]>`
    select status, winner_id, closed_at, end_time from auctions where id = ${id}`
  )[0]!;

/** An event as the API would publish it, for the workers' consumer to react to. */
const publishRaw = (event: DomainEvent) => redisStreamWriter(redis, prefix)([event]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const until = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}

describe('closing auctions', () => {
  it('closes an auction ending 2 s from now, as sold to the top bidder, with escrow', async () => {
    const a = await auction({ endsInMs: 2000, bids: [5000, 6000] });
    const workers = await startWorkers({ sql: db.sql, redisUrl: REDIS_URL, redisPrefix: prefix, logger });
    try {
      const s = await waitFor(
        () => state(a.id),
        (x) => x.status !== 'active',
        15_000,
      );
      expect(s.status).toBe('sold');
      expect(s.winnerId).toBe(a.bidders[1]);
      // Never before its end; how soon after is the benchmark's close lateness, not a test's.
      expect(s.closedAt!.getTime()).toBeGreaterThanOrEqual(s.endTime.getTime());
      const [tx] = await db.sql<
        { amount: string }[]
      >`select amount from escrow_transactions where auction_id = ${a.id}`;
      expect(tx!.amount).toBe('6000.00');
      const events = await db.sql<{ type: string; payload: { chatLine: { message: string } } }[]>`
        select type, payload from outbox where stream = ${streams.auction(a.id)} order by seq`;
      expect(events.map((e) => [e.type, e.payload.chatLine.message])).toEqual([
        ['auction.closed', 'Auction ended: sold for $6,000'],
      ]);
    } finally {
      await workers.close();
    }
  });

  it('follows a soft-close extension: open past its old end, closed at the new one', async () => {
    // Far enough ahead that starting the workers and their first sweep on a busy machine leaves time to move it.
    const a = await auction({ endsInMs: 6000, bids: [5000] });
    const workers = await startWorkers({ sql: db.sql, redisUrl: REDIS_URL, redisPrefix: prefix, logger });
    try {
      // Let the first sweep (which also schedules auctions ending soon) pass, so only the events can move the job.
      const sweptOnce = async () =>
        (await workers.closeQueue.queue.getJobs(['completed'])).some((j) => j.name === 'sweep');
      expect(await waitFor(sweptOnce, (done) => done, 15_000)).toBe(true);
      const oldEnd = (await state(a.id)).endTime;
      // What the API does for a bid in the last minutes: move the end, then publish auction.extended.
      const [moved] = await db.sql<{ endTime: Date }[]>`
        update auctions set end_time = end_time + interval '2 seconds' where id = ${a.id} returning end_time`;
      await publishRaw({
        type: 'auction.extended',
        stream: streams.auction(a.id),
        auctionId: a.id,
        seq: 1,
        at: new Date().toISOString(),
        endTime: moved!.endTime.toISOString(),
      });
      // The workers' consumer of the events stream schedules the new end before the old one comes.
      const job = await waitFor(
        () => workers.closeQueue.queue.getJob(closeJobId(a.id, moved!.endTime)),
        (j) => j !== undefined,
        oldEnd.getTime() - Date.now(),
      );
      expect(job).toBeDefined();
      expect(Date.now()).toBeLessThan(oldEnd.getTime());

      await sleep(Math.max(0, oldEnd.getTime() + 300 - Date.now()));
      expect((await state(a.id)).status).toBe('active');
      const s = await waitFor(
        () => state(a.id),
        (x) => x.status !== 'active',
        15_000,
      );
      expect(s.status).toBe('sold');
      expect(s.endTime.getTime()).toBe(moved!.endTime.getTime());
      // Never before its end; how soon after is the benchmark's close lateness, not a test's.
      expect(s.closedAt!.getTime()).toBeGreaterThanOrEqual(s.endTime.getTime());
    } finally {
      await workers.close();
    }
  });

  it('schedules the close job of an auction an admin just approved, from its auction.opened event', async () => {
    const workers = await startWorkers({ sql: db.sql, redisUrl: REDIS_URL, redisPrefix: prefix, logger });
    try {
      const sweptOnce = async () =>
        (await workers.closeQueue.queue.getJobs(['completed'])).some((j) => j.name === 'sweep');
      expect(await waitFor(sweptOnce, (done) => done, 15_000)).toBe(true);
      // What approval commits: the auction goes live for its duration, with an auction.opened event.
      const a = await auction({ endsInMs: 7 * 24 * 3_600_000 });
      const [opened] = await db.sql<{ endTime: Date }[]>`select end_time from auctions where id = ${a.id}`;
      await publishRaw({
        type: 'auction.opened',
        stream: streams.auction(a.id),
        auctionId: a.id,
        seq: 1,
        at: new Date().toISOString(),
        endTime: opened!.endTime.toISOString(),
      });
      const job = await waitFor(
        () => workers.closeQueue.queue.getJob(closeJobId(a.id, opened!.endTime)),
        (j) => j !== undefined,
        15_000,
      );
      expect(job).toBeDefined();
      expect(await job!.getState()).toBe('delayed');
    } finally {
      await workers.close();
    }
  });

  it('a close job that runs before the end by the database clock waits for it instead of giving up', async () => {
    // Far enough ahead that the early run below happens before the end even on a busy machine.
    const a = await auction({ endsInMs: 5000, bids: [5000] });
    const workers = await startWorkers({ sql: db.sql, redisUrl: REDIS_URL, redisPrefix: prefix, logger });
    try {
      const { endTime } = await state(a.id);
      // As if this process's clock ran ahead of the database's: the job for the current end is due at once.
      const job = await workers.closeQueue.queue.getJob(closeJobId(a.id, endTime));
      await job!.promote();
      // It ran, found the end still ahead by the database clock, and put itself back until then.
      await expect.poll(() => job!.getState()).toBe('delayed');
      expect((await state(a.id)).status).toBe('active');
      const s = await waitFor(
        () => state(a.id),
        (x) => x.status !== 'active',
        15_000,
      );
      expect(s.status).toBe('sold');
      // Never before its end; how soon after is the benchmark's close lateness, not a test's.
      expect(s.closedAt!.getTime()).toBeGreaterThanOrEqual(s.endTime.getTime());
    } finally {
      await workers.close();
    }
  });

  it('two workers processes on one queue close an auction once: one escrow, one auction.closed, one closing chat line', async () => {
    const a = await auction({ endsInMs: 1000, bids: [5000, 7000] });
    const both = await Promise.all([
      startWorkers({ sql: db.sql, redisUrl: REDIS_URL, redisPrefix: prefix, logger, sweepEveryMs: 300 }),
      startWorkers({ sql: db.sql, redisUrl: REDIS_URL, redisPrefix: prefix, logger, sweepEveryMs: 300 }),
    ]);
    try {
      const s = await waitFor(
        () => state(a.id),
        (x) => x.status !== 'active',
        15_000,
      );
      expect(s).toMatchObject({ status: 'sold', winnerId: a.bidders[1] });
      await sleep(1000);
      const [counts] = await db.sql<{ escrows: number; closedEvents: number; chatLines: number }[]>`
        select (select count(*)::int from escrow_transactions where auction_id = ${a.id}) as escrows,
               (select count(*)::int from outbox where stream = ${streams.auction(a.id)} and type = 'auction.closed') as closed_events,
               (select count(*)::int from chat_messages where auction_id = ${a.id} and is_system_message) as chat_lines`;
      expect(counts).toEqual({ escrows: 1, closedEvents: 1, chatLines: 1 });
    } finally {
      await Promise.all(both.map((w) => w.close()));
    }
  });

  it('the sweeper closes overdue auctions whose jobs were lost', async () => {
    const a = await auction({ endsInMs: 60_000, bids: [5000] });
    const first = await startWorkers({
      sql: db.sql,
      redisUrl: REDIS_URL,
      redisPrefix: prefix,
      logger,
      sweepEveryMs: 500,
    });
    await first.closeQueue.queue.obliterate({ force: true });
    await first.close();
    // Redis "lost" the job; the auction is now overdue.
    await db.sql`update auctions set end_time = now() - interval '1 second', start_time = now() - interval '1 hour' where id = ${a.id}`;
    await dropRedisKeys(REDIS_URL, `${bullPrefix(prefix)}*`);
    const second = await startWorkers({
      sql: db.sql,
      redisUrl: REDIS_URL,
      redisPrefix: prefix,
      logger,
      sweepEveryMs: 500,
    });
    try {
      const s = await waitFor(
        () => state(a.id),
        (x) => x.status !== 'active',
        15_000,
      );
      expect(s.status).toBe('sold');
    } finally {
      await second.close();
    }
  });
});

describe('when Redis loses its data', () => {
  it('rebuilds the schedulers and close jobs and closes what fell due, without a restart', async () => {
    const ending = await auction({ endsInMs: 1500, bids: [5000] });
    const overdueLater = await auction({ endsInMs: 60_000, bids: [7000] });
    // A long sweep interval: only the rebuild can close these in time.
    const workers = await startWorkers({
      sql: db.sql,
      redisUrl: REDIS_URL,
      redisPrefix: prefix,
      logger,
      sweepEveryMs: 60_000,
    });
    try {
      // A restart without persistence: every key this product had in Redis is gone.
      await dropRedisPrefix(REDIS_URL, prefix);
      await db.sql`update auctions set end_time = now() - interval '1 second' where id = ${overdueLater.id}`;
      const a = await waitFor(
        () => state(ending.id),
        (x) => x.status !== 'active',
        15_000,
      );
      const b = await waitFor(
        () => state(overdueLater.id),
        (x) => x.status !== 'active',
        15_000,
      );
      expect(a.status).toBe('sold');
      expect(b.status).toBe('sold');
      expect((await workers.closeQueue.queue.getJobSchedulers()).map((j) => j.key)).toEqual(['sweep-overdue']);
      for (const q of [workers.escrowDeadlines, workers.tradeInExpiry, workers.housekeeping])
        expect((await q.queue.getJobSchedulers()).map((j) => j.key)).toEqual([q.queue.name]);
      expect((await workers.alerts.queue.getJobSchedulers()).map((j) => j.key)).toEqual(['time-alerts']);
      expect(workers.queueGuard.rebuilds()).toBeGreaterThanOrEqual(1);
      const closes = await db.sql<{ n: number }[]>`
        select count(*)::int as n from escrow_transactions where auction_id in ${db.sql([ending.id, overdueLater.id])}`;
      expect(closes[0]!.n).toBe(2);
    } finally {
      await workers.close();
    }
  });

  it('keeps closing overdue auctions from Postgres while Redis does not answer', async () => {
    const a = await auction({ endsInMs: 60_000, bids: [5000] });
    const url = new URL(REDIS_URL);
    const proxy = await startFreezableProxy(url.hostname, Number(url.port || 6379));
    const workers = await startWorkers({
      sql: db.sql,
      redisUrl: proxy.url('redis'),
      redisPrefix: prefix,
      logger,
      sweepEveryMs: 60_000,
    });
    try {
      await db.sql`update auctions set end_time = now() - interval '1 second' where id = ${a.id}`;
      proxy.freeze();
      const s = await waitFor(
        () => state(a.id),
        (x) => x.status !== 'active',
        15_000,
      );
      expect(s.status).toBe('sold');
    } finally {
      proxy.thaw();
      await workers.close();
      await proxy.close();
    }
  });
});

describe('the outbox relay', () => {
  it('publishes a committed event that was never published', async () => {
    const a = await auction({ endsInMs: 3_600_000 });
    const stream = streams.auction(a.id);
    const event = {
      type: 'auction.extended',
      stream,
      auctionId: a.id,
      seq: 1,
      at: new Date().toISOString(),
      endTime: new Date().toISOString(),
    };
    await db.sql`insert into outbox (stream, seq, type, payload) values (${stream}, 1, ${event.type}, ${db.sql.json(event)})`;
    const workers = await startWorkers({ sql: db.sql, redisUrl: REDIS_URL, redisPrefix: prefix, logger });
    try {
      const found = await waitFor(
        async () =>
          (await redis.xrange(eventsStreamKey(prefix), '-', '+')).map(([, f]) =>
            JSON.parse(f[f.indexOf(EVENTS_STREAM_FIELD) + 1]!),
          ),
        (list) =>
          list.some((e: { auctionId: number; type: string }) => e.auctionId === a.id && e.type === 'auction.extended'),
        10_000,
      );
      expect(found.some((e: { auctionId: number }) => e.auctionId === a.id)).toBe(true);
      // The stream write comes before the relay's transaction commits the mark, so the mark may lag the event a moment.
      const row = await waitFor(
        async () =>
          (await db.sql<{ publishedAt: Date | null }[]>`select published_at from outbox where stream = ${stream}`)[0]!,
        (r) => r.publishedAt !== null,
        15_000,
      );
      expect(row.publishedAt).not.toBeNull();
    } finally {
      await workers.close();
    }
  });
});

describe('failures', () => {
  it('keeps a job with bad data visible as failed, without retrying it', async () => {
    const workers = await startWorkers({ sql: db.sql, redisUrl: REDIS_URL, redisPrefix: prefix, logger });
    try {
      const job = await workers.closeQueue.queue.add(
        'close',
        { auctionId: 'not-a-number' },
        { jobId: 'close-bad-data' },
      );
      const until = Date.now() + 15_000;
      let state = await job.getState();
      while (state !== 'failed' && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
        state = await job.getState();
      }
      expect(state).toBe('failed');
      const failed = await workers.closeQueue.queue.getJob('close-bad-data');
      expect(failed!.attemptsMade).toBe(1);
      expect(failed!.failedReason).toMatch(/invalid close job data/);
      // Every other failure is retried with exponential backoff, five tries in all, and then kept as failed.
      expect(job.opts).toMatchObject({
        attempts: 5,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnFail: false,
      });
    } finally {
      await workers.close();
    }
  });
});

const FORMER = ['escrow-deadlines', 'trade-in-expiry', 'housekeeping'];

describe('a queue per kind of job', () => {
  // A deployment upgraded from the days when the auction-close queue also ran escrow deadlines, trade-in expiry and
  // housekeeping loses nothing and runs nothing twice.
  it('moves the former jobs of the auction-close queue to queues of their own, acknowledging what was waiting', async () => {
    const former = new Queue(QUEUE_NAMES.close, { connection: bullConnection(REDIS_URL), prefix: bullPrefix(prefix) });
    for (const name of FORMER)
      await former.upsertJobScheduler(name, { every: 60_000 }, { name, data: {}, opts: { attempts: 1 } });
    const waiting = await former.add('housekeeping', {}, { jobId: 'former-housekeeping' });
    const failedBefore = await former.getFailedCount();
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
        10_000,
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
          10_000,
        );
        expect(completed).toBeGreaterThan(0);
      }
      expect(await close.getFailedCount()).toBe(failedBefore);
    } finally {
      await workers.close();
    }
  });
});
