// The auction-close queue: one delayed job per auction end time, and a sweeper that closes anything overdue.
import { DelayedError, Queue, UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Sql } from 'postgres';
import type { Logger } from 'pino';
import { closeAuction, overdueAuctionIds } from '@app/core/auctions';
import { SpanKind, bullPrefix, currentTraceparent, inSpan, type EventPublisher } from '@app/infra';
import { CloseAuctionJobSchema, QUEUE_NAMES, type CloseAuctionJob, type DomainEvent } from '@app/shared';
import { latestEndTimes } from './end-time-moves.js';

export const CLOSE_QUEUE = QUEUE_NAMES.close;
export const CLOSE_JOB_ATTEMPTS = 5;
const SCHEDULE_BATCH = 500;
/** End times remembered per auction, so a stream of bids that do not move the end costs no Redis call. */
const REMEMBERED_ENDS = 50_000;
/**
 * Jobs this queue ran before each got a queue of its own (escrow-deadlines, trade-in-expiry, housekeeping). Their
 * schedulers here are removed at start-up; an instance already waiting when a new worker takes over is acknowledged
 * without running (its own queue runs the same idempotent work on the same cadence), not failed.
 */
const FORMER_JOBS = ['escrow-deadlines', 'trade-in-expiry', 'housekeeping'] as const;

/** Readable, colon-free, never only digits (BullMQ's rules for custom ids). */
export const closeJobId = (auctionId: number, endTime: Date) => `close-${auctionId}-${endTime.getTime()}`;

export interface CloseQueueDeps {
  sql: Sql;
  events: EventPublisher;
  connection: ConnectionOptions;
  prefix: string;
  logger: Logger;
  sweepEveryMs: number;
}

export interface CloseQueue {
  queue: Queue;
  /** Adds the close job for this end time; a job with the same id (same auction, same end) is not added twice. */
  schedule(auctionId: number, endTime: Date): Promise<void>;
  /** Schedules a new close job for every auction whose end time these events moved; returns how many. */
  followEndTimes(events: DomainEvent[]): Promise<number>;
  /** (Re)creates the repeating jobs and a close job for every active auction; idempotent. */
  ensureState(): Promise<void>;
  /** Closes every overdue auction from Postgres alone (no Redis needed); returns how many it closed. */
  sweepOverdue(): Promise<number>;
  close(): Promise<void>;
}

export async function startCloseQueue(deps: CloseQueueDeps): Promise<CloseQueue> {
  const { sql, events, logger } = deps;
  const queue = new Queue(CLOSE_QUEUE, {
    connection: deps.connection,
    prefix: bullPrefix(deps.prefix),
    defaultJobOptions: {
      attempts: CLOSE_JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 3600, count: 10_000 },
      // Failed jobs stay, visible on the queue dashboard, until someone looks at them.
      removeOnFail: false,
    },
  });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'close queue error'));

  // End times are the database's; delays are counted on this process's clock, so learn the difference between them.
  let dbClockAheadMs = 0;
  const measureClock = async () => {
    const before = Date.now();
    const [row] = await sql<{ now: Date }[]>`select now() as now`;
    dbClockAheadMs = row!.now.getTime() - (before + Date.now()) / 2;
  };
  const delayUntil = (endTime: Date) => Math.max(0, endTime.getTime() - (Date.now() + dbClockAheadMs));

  const schedule = async (auctionId: number, endTime: Date) => {
    // The close continues the trace that set its end (an approval, a bid that extended it).
    const data: CloseAuctionJob = { auctionId, traceparent: currentTraceparent() };
    await queue.add('close', data, { jobId: closeJobId(auctionId, endTime), delay: delayUntil(endTime) });
  };

  /** Jobs for active auctions (ids dedupe), so a fresh Redis or a newly approved auction still gets its punctual close. */
  const scheduleActive = async (withinMs?: number) => {
    const rows = await sql<{ id: number; endTime: Date }[]>`
      select id, end_time from auctions
      where status = 'active' ${withinMs === undefined ? sql`` : sql`and end_time < now() + ${withinMs} * interval '1 millisecond'`}
      order by end_time`;
    for (let i = 0; i < rows.length; i += SCHEDULE_BATCH) {
      await queue.addBulk(
        rows.slice(i, i + SCHEDULE_BATCH).map((r) => ({
          name: 'close',
          data: { auctionId: r.id },
          opts: { jobId: closeJobId(r.id, r.endTime), delay: delayUntil(r.endTime) },
        })),
      );
    }
    return rows.length;
  };

  const scheduledEnds = new Map<number, number>();
  const followEndTimes = async (events: DomainEvent[]) => {
    let moved = 0;
    for (const [auctionId, endTime] of latestEndTimes(events)) {
      if (scheduledEnds.get(auctionId) === endTime.getTime()) continue;
      await schedule(auctionId, endTime);
      scheduledEnds.delete(auctionId);
      scheduledEnds.set(auctionId, endTime.getTime());
      if (scheduledEnds.size > REMEMBERED_ENDS) scheduledEnds.delete(scheduledEnds.keys().next().value!);
      moved += 1;
    }
    return moved;
  };

  const closeOne = async (job: Job, token: string | undefined) => {
    const parsed = CloseAuctionJobSchema.safeParse(job.data);
    // Bad data will not get better with retries: fail at once, visibly.
    if (!parsed.success)
      throw new UnrecoverableError(`invalid close job data: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
    const { auctionId } = parsed.data;
    const result = await closeAuction({ sql, events }, auctionId);
    if (result.closed) return result;
    const [a] = await sql<{ endTime: Date; dbNow: Date }[]>`
      select end_time, now() as db_now from auctions where id = ${auctionId} and status = 'active'`;
    // Closed already (another worker, the sweeper, a buy-now): a duplicate delivery does nothing.
    if (!a) return result;
    if (job.id === closeJobId(auctionId, a.endTime)) {
      // This job is for the current end but ran before it by the database clock: wait out the rest, same job.
      await job.moveToDelayed(Date.now() + Math.max(10, a.endTime.getTime() - a.dbNow.getTime() + 10), token);
      throw new DelayedError();
    }
    // A stale job: a soft close moved the end. Make sure the current end has its job.
    await schedule(auctionId, a.endTime);
    return result;
  };

  const sweepOverdue = async () => {
    const ids = await overdueAuctionIds(sql);
    let closed = 0;
    for (const id of ids) if ((await closeAuction({ sql, events }, id)).closed) closed += 1;
    if (closed > 0) logger.info({ closed }, 'sweeper closed overdue auctions');
    return closed;
  };

  const processJob = async (job: Job, token?: string) => {
    switch (job.name) {
      case 'close':
        return inSpan(
          'close job',
          {
            kind: SpanKind.CONSUMER,
            for: [CloseAuctionJobSchema.safeParse(job.data).data?.traceparent],
            attributes: { 'messaging.system': 'bullmq', 'messaging.destination.name': CLOSE_QUEUE },
          },
          () => closeOne(job, token),
        );
      case 'sweep': {
        const closed = await sweepOverdue();
        await measureClock();
        // Auctions ending before the next sweep get their job now, whatever happened to the ones added earlier.
        await scheduleActive(deps.sweepEveryMs * 2);
        return { closed };
      }
      default:
        if ((FORMER_JOBS as readonly string[]).includes(job.name)) return { runsOnItsOwnQueue: job.name };
        throw new UnrecoverableError(`unknown job ${job.name}`);
    }
  };

  await measureClock();
  const worker = new Worker(CLOSE_QUEUE, processJob, {
    connection: deps.connection,
    prefix: bullPrefix(deps.prefix),
    concurrency: 20,
  });
  worker.on('failed', (job, err) =>
    logger.warn({ jobId: job?.id, err: err.message, attemptsMade: job?.attemptsMade }, 'close queue job failed'),
  );
  worker.on('error', (err) => logger.warn({ err: err.message }, 'close worker error'));

  const repeatOpts = { attempts: 1, removeOnComplete: 100, removeOnFail: 100 };
  const ensureState = async () => {
    await queue.upsertJobScheduler(
      'sweep-overdue',
      { every: deps.sweepEveryMs },
      { name: 'sweep', data: {}, opts: repeatOpts },
    );
    for (const former of FORMER_JOBS) await queue.removeJobScheduler(former);
    // Jobs remembered as scheduled may be gone with the Redis they were in.
    scheduledEnds.clear();
    const scheduled = await scheduleActive();
    logger.info({ scheduled }, 'close jobs scheduled for active auctions');
  };

  return {
    queue,
    schedule,
    followEndTimes,
    ensureState,
    sweepOverdue,
    // Stop taking jobs and let the running ones finish, then the producer.
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
