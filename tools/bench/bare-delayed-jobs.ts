// Close lateness's raw limit: BullMQ alone, on the same Redis, running no-op delayed jobs due at the same moments as
// the closes (same concurrency as the close worker). What remains is the scheduler's own lateness on this machine.
import { Queue, Worker } from 'bullmq';
import { bullPrefix } from '@app/infra';

export async function bareDelayedJobLateness(redisUrl: string, prefix: string, dueAtMs: number[]): Promise<number[]> {
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const name = 'bench-bare-delayed';
  const queue = new Queue(name, { connection, prefix: bullPrefix(prefix) });
  const lateness: number[] = [];
  let done!: () => void;
  const all = new Promise<void>((r) => (done = r));
  const worker = new Worker(
    name,
    async (job) => {
      lateness.push((job.processedOn ?? Date.now()) - (job.data as { dueAt: number }).dueAt);
      if (lateness.length === dueAtMs.length) done();
    },
    { connection, prefix: bullPrefix(prefix), concurrency: 20 },
  );
  try {
    const now = Date.now();
    await queue.addBulk(
      dueAtMs.map((dueAt) => ({
        name: 'noop',
        data: { dueAt },
        opts: { delay: Math.max(0, dueAt - now), removeOnComplete: true },
      })),
    );
    await Promise.race([all, new Promise((r) => setTimeout(r, Math.max(...dueAtMs) - now + 30_000))]);
    return lateness.sort((a, b) => a - b);
  } finally {
    await worker.close();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}
