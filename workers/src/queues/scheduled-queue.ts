// A queue that runs one job on a fixed cadence (escrow deadlines, trade-in expiry, housekeeping): a job scheduler
// adds the job, one worker runs it at a time, and the run is idempotent, so a second workers process, a retry or a
// rebuilt scheduler changes nothing twice. A run that fails is logged and kept; the next one comes on the cadence.
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import { bullPrefix } from '@app/infra';

export interface ScheduledQueue {
  queue: Queue;
  /** (Re)creates the job scheduler; idempotent. */
  ensureState(): Promise<void>;
  close(): Promise<void>;
}

export interface ScheduledQueueOptions {
  /** The queue's name, the scheduler's id and the job's name. */
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
  connection: ConnectionOptions;
  prefix: string;
  logger: Logger;
}

export function startScheduledQueue(o: ScheduledQueueOptions): ScheduledQueue {
  const queue = new Queue(o.name, { connection: o.connection, prefix: bullPrefix(o.prefix) });
  queue.on('error', (err) => o.logger.warn({ err: err.message, queue: o.name }, 'queue error'));
  const worker = new Worker(o.name, () => o.run(), {
    connection: o.connection,
    prefix: bullPrefix(o.prefix),
    concurrency: 1,
  });
  worker.on('failed', (job, err) => o.logger.warn({ jobId: job?.id, err: err.message, queue: o.name }, 'job failed'));
  worker.on('error', (err) => o.logger.warn({ err: err.message, queue: o.name }, 'worker error'));
  return {
    queue,
    async ensureState() {
      await queue.upsertJobScheduler(
        o.name,
        { every: o.everyMs },
        { name: o.name, data: {}, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } },
      );
    },
    // Stop taking jobs and let the running one finish, then the producer.
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
