// startWorkers: every background process in one call, used by main.ts and by tests.
import type { Sql } from 'postgres';
import type { Logger } from 'pino';
import { DEFAULT_SWEEP_EVERY_MS } from '@app/shared';
import {
  EventPublisher,
  StreamReader,
  bullConnection,
  bullPrefix,
  redisStreamWriter,
  startOutboxRelay,
  type Metrics,
  createRedis,
} from '@app/infra';
import { guardQueueState, type QueueStateGuard } from './queue-state-guard.js';
import { startCloseQueue, type CloseQueue } from './queues/auction-close-queue.js';
import { startAlerts, type Alerts } from './queues/bid-alert-queue.js';
import { startEscrowDeadlines } from './queues/escrow-deadlines-queue.js';
import { startHousekeeping } from './queues/housekeeping-queue.js';
import { loadMailCatcher, startNotices, type Notices } from './queues/notice-queue.js';
import { startOfferExpiry, type OfferExpiry } from './queues/offer-expiry-queue.js';
import type { ScheduledQueue } from './queues/scheduled-queue.js';
import type { VapidConfig } from '@app/core/notices';
import { startTradeInExpiry } from './queues/trade-in-expiry-queue.js';

/** The consumer group of the workers on the events stream: each event is handled by one workers process. */
export const WORKERS_GROUP = 'workers';

export interface WorkerDeps {
  sql: Sql;
  redisUrl: string;
  redisPrefix: string;
  logger: Logger;
  /** How often overdue auctions are swept and escrow deadlines checked; 30 s unless a test shortens it. */
  sweepEveryMs?: number;
  /** How often the outbox relay looks for unpublished events; 250 ms by default. */
  relayEveryMs?: number;
  /** How often time-based bid alerts are checked; 30 s (spec) by default. */
  alertCheckEveryMs?: number;
  /** How often the workers look for their queue state in Redis (rebuilt if Redis lost it); 1 s by default. */
  queueGuardEveryMs?: number;
  /** Where notices are mailed; empty or absent: the embedded development mail catcher. */
  smtpUrl?: string;
  mailFrom?: string;
  /** The site's address, for the links in mails. */
  publicUrl?: string;
  /** How often watchers' "ending soon" notices are written and lost mail jobs re-enqueued; 30 s by default. */
  noticeSweepEveryMs?: number;
  /** The VAPID settings of the environment (web push); absent: made and kept in the database outside production. */
  vapid?: VapidConfig;
  /** Let subscriptions on http://127.0.0.1 be pushed to (tests). */
  pushAllowLocalHttp?: boolean;
  /** How often due daily digests are looked for; 60 s by default. */
  digestEveryMs?: number;
  /** How long a notice mail window stays open after its first notice; 10 minutes by default. */
  noticeMailWindowMs?: number;
  /** Where the queues' own metrics are exported (the process's /metrics); optional for tests. */
  metrics?: Metrics;
}

export interface Workers {
  closeQueue: CloseQueue;
  escrowDeadlines: ScheduledQueue;
  tradeInExpiry: ScheduledQueue;
  housekeeping: ScheduledQueue;
  alerts: Alerts;
  queueGuard: QueueStateGuard;
  notices: Notices;
  offerExpiry: OfferExpiry;
  close(): Promise<void>;
}

export async function startWorkers(deps: WorkerDeps): Promise<Workers> {
  const { logger } = deps;
  // Refused before any queue takes a job, not half way through starting.
  if (!deps.smtpUrl) await loadMailCatcher();
  // Producers fail fast; BullMQ's blocking worker connections retry forever (maxRetriesPerRequest: null, in bullConnection).
  const publisher = createRedis(deps.redisUrl, { maxRetriesPerRequest: 2 });
  publisher.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
  const write = redisStreamWriter(publisher, deps.redisPrefix);
  const events = new EventPublisher(deps.sql, write, logger);
  const connection = bullConnection(deps.redisUrl);

  const sweepEveryMs = deps.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS;
  const queueDeps = { sql: deps.sql, events, connection, prefix: deps.redisPrefix, logger };
  const closeQueue = await startCloseQueue({ ...queueDeps, sweepEveryMs });
  const escrowDeadlines = startEscrowDeadlines({ ...queueDeps, everyMs: sweepEveryMs });
  const tradeInExpiry = startTradeInExpiry({ ...queueDeps, everyMs: sweepEveryMs });
  const housekeeping = startHousekeeping(queueDeps);
  const offerExpiry = startOfferExpiry({ ...queueDeps, sweepEveryMs });
  const scheduled = [escrowDeadlines, tradeInExpiry, housekeeping];
  const alerts = await startAlerts({
    sql: deps.sql,
    events,
    connection,
    prefix: deps.redisPrefix,
    logger,
    checkEveryMs: deps.alertCheckEveryMs,
  });
  const notices = await startNotices({
    sql: deps.sql,
    events,
    connection,
    prefix: deps.redisPrefix,
    logger,
    smtpUrl: deps.smtpUrl,
    mailFrom: deps.mailFrom,
    publicUrl: deps.publicUrl,
    sweepEveryMs: deps.noticeSweepEveryMs,
    vapid: deps.vapid,
    pushAllowLocalHttp: deps.pushAllowLocalHttp,
    digestEveryMs: deps.digestEveryMs,
    mailWindowMs: deps.noticeMailWindowMs,
  });
  const queueGuard = guardQueueState({
    redis: publisher,
    // Beside the queues (same hash tag, so on Redis Cluster the same shard): it is lost exactly when they are.
    markerKey: `${bullPrefix(deps.redisPrefix)}:workers:queue-state`,
    everyMs: deps.queueGuardEveryMs ?? 1000,
    rebuild: async () => {
      await closeQueue.ensureState();
      for (const q of scheduled) await q.ensureState();
      await alerts.ensureState();
      await notices.ensureState();
      await offerExpiry.ensureState();
      // Whatever fell overdue while the jobs were missing closes now, not at the next sweep.
      await closeQueue.sweepOverdue();
    },
    whileRedisDown: async () => {
      await closeQueue.sweepOverdue();
      await offerExpiry.sweepDue();
    },
    logger,
  });
  await queueGuard.ensure();
  const consumerRedis = createRedis(deps.redisUrl, { maxRetriesPerRequest: null });
  consumerRedis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
  const consumer = new StreamReader({
    redis: consumerRedis,
    prefix: deps.redisPrefix,
    group: WORKERS_GROUP,
    logger,
    handle: async (batch) => {
      // All are idempotent: a batch retried after a failure reschedules, re-checks and re-notifies nothing twice.
      await closeQueue.followEndTimes(batch);
      await alerts.onEvents(batch);
      await notices.onEvents(batch);
      await offerExpiry.followOffers(batch);
    },
  });
  await consumer.start();
  deps.metrics?.append(async () => {
    // Each queue writes its own HELP and TYPE lines; a family may be described once per scrape.
    const seen = new Set<string>();
    const texts = await Promise.all(
      [closeQueue, ...scheduled, alerts, notices, offerExpiry].map(({ queue }) => queue.exportPrometheusMetrics()),
    );
    return texts
      .flatMap((t) => t.split('\n'))
      .filter((line) => line !== '' && (!line.startsWith('#') || (!seen.has(line) && seen.add(line))))
      .join('\n');
  });
  const relay = startOutboxRelay(deps.sql, write, logger, deps.relayEveryMs ?? 250);

  return {
    closeQueue,
    escrowDeadlines,
    tradeInExpiry,
    housekeeping,
    alerts,
    queueGuard,
    notices,
    offerExpiry,
    // Reverse order of start: stop taking work, let what is running finish, then close the connections.
    async close() {
      await queueGuard.stop();
      await relay.stop();
      await consumer.stop();
      await offerExpiry.close();
      await notices.close();
      await alerts.close();
      for (const q of scheduled) await q.close();
      await closeQueue.close();
      await events.drain();
      if (publisher.status === 'ready') await publisher.quit().catch(() => publisher.disconnect());
      else publisher.disconnect();
    },
  };
}
