// Redis may come back empty (a restart without persistence, a failover, a FLUSHALL): BullMQ's job schedulers and
// delayed close jobs are then gone and nothing in BullMQ recreates them. A marker key, written only after the queue
// state was built, is gone with them; the guard looks for it every second and rebuilds when it is missing. While
// Redis cannot be reached at all, the Postgres-only fallback keeps overdue auctions closing.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface QueueStateGuardOptions {
  redis: Redis;
  markerKey: string;
  everyMs: number;
  /** Re-creates schedulers and jobs; every step must be idempotent (several workers processes may rebuild at once). */
  rebuild(): Promise<void>;
  /** Work that must not wait for Redis to return (runs on each tick while Redis does not answer). */
  whileRedisDown(): Promise<void>;
  logger: Logger;
  /** How long one Redis check may take before Redis counts as unreachable. */
  checkTimeoutMs?: number;
}

export interface QueueStateGuard {
  /** Builds the state now and writes the marker. */
  ensure(): Promise<void>;
  /** Runs one check at once (also run on every Redis reconnect). */
  check(): Promise<'intact' | 'rebuilt' | 'redis-down'>;
  stop(): Promise<void>;
  rebuilds(): number;
}

const timeout = <T>(p: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`redis did not answer in ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e as Error)),
    );
  });

export function guardQueueState(o: QueueStateGuardOptions): QueueStateGuard {
  const checkTimeoutMs = o.checkTimeoutMs ?? 1000;
  let rebuilt = 0;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const ensure = async () => {
    await o.rebuild();
    await timeout(o.redis.set(o.markerKey, String(Date.now())), checkTimeoutMs);
  };

  const checkOnce = async (): Promise<'intact' | 'rebuilt' | 'redis-down'> => {
    let present: number;
    try {
      present = await timeout(o.redis.exists(o.markerKey), checkTimeoutMs);
    } catch {
      await o.whileRedisDown().catch((err: Error) => o.logger.warn({ err: err.message }, 'fallback sweep failed'));
      return 'redis-down';
    }
    if (present === 1) return 'intact';
    o.logger.warn({ marker: o.markerKey }, 'queue state lost in Redis; rebuilding schedulers and close jobs');
    await ensure();
    rebuilt += 1;
    return 'rebuilt';
  };
  // One check at a time: a reconnect during a tick waits for it instead of rebuilding twice in parallel.
  const check = () => {
    const next = running.then(checkOnce, checkOnce);
    running = next.catch(() => undefined);
    return next;
  };

  const tick = () => {
    timer = setTimeout(() => {
      void check()
        .catch((err: Error) => o.logger.warn({ err: err.message }, 'queue state check failed'))
        .finally(() => {
          if (!stopped) tick();
        });
    }, o.everyMs);
    timer.unref();
  };
  const onReady = () => {
    if (!stopped) void check().catch((err: Error) => o.logger.warn({ err: err.message }, 'queue state check failed'));
  };
  o.redis.on('ready', onReady);
  tick();

  return {
    ensure,
    check,
    rebuilds: () => rebuilt,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      o.redis.off('ready', onReady);
      await running;
    },
  };
}
