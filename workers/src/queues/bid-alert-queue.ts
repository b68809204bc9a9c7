// Bid alerts in the background: checked for every auction that just received a bid (fed by the events consumer), and
// every 30 s for the time-based ones (spec).
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Sql } from 'postgres';
import type { Logger } from 'pino';
import { bullPrefix, type EventPublisher } from '@app/infra';
import { ALERT_CHECK_INTERVAL_MS, QUEUE_NAMES, type DomainEvent } from '@app/shared';
import { auctionsWithTimeAlerts, checkAlerts } from '@app/core/alerts';

export const ALERT_QUEUE = QUEUE_NAMES.alerts;

export interface Alerts {
  queue: Queue;
  /** Checks the alerts of every auction that received a bid in these events. */
  onEvents(events: DomainEvent[]): Promise<number>;
  /** (Re)creates the repeating time-alert check; idempotent. */
  ensureState(): Promise<void>;
  close(): Promise<void>;
}

export async function startAlerts(deps: {
  sql: Sql;
  events: EventPublisher;
  connection: ConnectionOptions;
  prefix: string;
  logger: Logger;
  checkEveryMs?: number;
}): Promise<Alerts> {
  const { sql, events, logger } = deps;
  const queue = new Queue(ALERT_QUEUE, {
    connection: deps.connection,
    prefix: bullPrefix(deps.prefix),
    defaultJobOptions: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: 100,
      removeOnFail: false,
    },
  });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'alert queue error'));
  const worker = new Worker(
    ALERT_QUEUE,
    async () => ({ fired: await checkAlerts({ sql, events }, await auctionsWithTimeAlerts(sql)) }),
    { connection: deps.connection, prefix: bullPrefix(deps.prefix), concurrency: 1 },
  );
  worker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err: err.message }, 'alert check failed'));
  worker.on('error', (err) => logger.warn({ err: err.message }, 'alert worker error'));
  const ensureState = async () => {
    await queue.upsertJobScheduler(
      'time-alerts',
      { every: deps.checkEveryMs ?? ALERT_CHECK_INTERVAL_MS },
      { name: 'check-time-alerts', data: {}, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } },
    );
  };

  return {
    queue,
    ensureState,
    async onEvents(batch) {
      const auctionIds = new Set<number>();
      for (const e of batch) if (e.type === 'bid.placed') auctionIds.add(e.auctionId);
      return auctionIds.size > 0 ? checkAlerts({ sql, events }, [...auctionIds]) : 0;
    },
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
