// The offer-expiry queue: one delayed job per offer deadline (an offer sent, a counter's new deadline), learnt from the
// offer.updated events, and a sweep on the sweeper's cadence for any offer whose job was lost. Expiring is
// conditional in SQL (expireOffer in core), so a duplicate job, the sweep and an accept in the same instant change
// the offer once.
import { Queue, UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Sql } from 'postgres';
import type { Logger } from 'pino';
import { dueOfferIds, expireOffer, liveOfferDeadlines } from '@app/core/offers';
import { bullPrefix, type EventPublisher } from '@app/infra';
import { ExpireOfferJobSchema, QUEUE_NAMES, isLiveOffer, offerExpiryJobId, type DomainEvent } from '@app/shared';

const SWEEP = 'sweep-offers';

export interface OfferExpiryDeps {
  sql: Sql;
  events: EventPublisher;
  connection: ConnectionOptions;
  prefix: string;
  logger: Logger;
  sweepEveryMs: number;
}

export interface OfferExpiry {
  queue: Queue;
  /** Adds the expiry job of this deadline (same offer and deadline: not added twice). */
  schedule(offerId: number, expiresAt: Date): Promise<void>;
  /** Schedules the deadline of every waiting offer these events announce; returns how many. */
  followOffers(events: DomainEvent[]): Promise<number>;
  /** Expires every waiting offer past its deadline from Postgres alone; returns how many. */
  sweepDue(): Promise<number>;
  /** (Re)creates the sweep and a job for every waiting offer; idempotent. */
  ensureState(): Promise<void>;
  close(): Promise<void>;
}

export function startOfferExpiry(deps: OfferExpiryDeps): OfferExpiry {
  const { sql, events, logger } = deps;
  const name = QUEUE_NAMES.offerExpiry;
  const queue = new Queue(name, {
    connection: deps.connection,
    prefix: bullPrefix(deps.prefix),
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: false,
    },
  });
  queue.on('error', (err) => logger.warn({ err: err.message, queue: name }, 'queue error'));

  // Deadlines are the database's; a job that fires a little early finds the offer not yet due and is added again
  // for the same deadline, so the clocks of this process and the database need not agree.
  const schedule = async (offerId: number, expiresAt: Date) => {
    await queue.add(
      'expire',
      { offerId },
      { jobId: offerExpiryJobId(offerId, expiresAt), delay: Math.max(0, expiresAt.getTime() - Date.now()) },
    );
  };

  const followOffers = async (batch: DomainEvent[]) => {
    const due = new Map<number, Date>();
    for (const e of batch)
      if (e.type === 'offer.updated' && isLiveOffer(e.status)) due.set(e.offerId, new Date(e.expiresAt));
    for (const [offerId, expiresAt] of due) await schedule(offerId, expiresAt);
    return due.size;
  };

  const sweepDue = async () => {
    let expired = 0;
    for (const id of await dueOfferIds(sql)) if ((await expireOffer({ sql, events }, id)).expired) expired += 1;
    if (expired > 0) logger.info({ expired }, 'sweep expired offers');
    return expired;
  };

  const expireOne = async (job: Job) => {
    const parsed = ExpireOfferJobSchema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(`invalid offer-expiry job data: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
    const result = await expireOffer({ sql, events }, parsed.data.offerId);
    if (result.expired) return result;
    // Answered already (nothing to do), or not yet due by the database clock: its deadline gets a job again.
    const [live] = await sql<{ expiresAt: Date; dbNow: Date }[]>`
      select expires_at, now() as db_now from auction_offers where id = ${parsed.data.offerId} and status in ('open', 'countered')`;
    if (live && live.expiresAt > live.dbNow) {
      await queue.add('expire', parsed.data, {
        jobId: `${offerExpiryJobId(parsed.data.offerId, live.expiresAt)}-again-${job.attemptsMade}-${Date.now()}`,
        delay: live.expiresAt.getTime() - live.dbNow.getTime() + 10,
      });
    }
    return result;
  };

  const worker = new Worker(
    name,
    async (job: Job) => {
      if (job.name === 'expire') return expireOne(job);
      if (job.name === SWEEP) return { expired: await sweepDue() };
      throw new UnrecoverableError(`unknown job ${job.name}`);
    },
    { connection: deps.connection, prefix: bullPrefix(deps.prefix), concurrency: 10 },
  );
  worker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err: err.message, queue: name }, 'job failed'));
  worker.on('error', (err) => logger.warn({ err: err.message, queue: name }, 'worker error'));

  return {
    queue,
    schedule,
    followOffers,
    sweepDue,
    async ensureState() {
      await queue.upsertJobScheduler(
        SWEEP,
        { every: deps.sweepEveryMs },
        { name: SWEEP, data: {}, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } },
      );
      for (const o of await liveOfferDeadlines(sql)) await schedule(o.id, o.expiresAt);
    },
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
