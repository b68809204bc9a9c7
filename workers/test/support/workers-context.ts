// What a workers test runs on: the core context of its file (a database cloned for it, a Redis prefix of its own, the
// real event publisher) and the workers it starts on them, each closed before the database and prefix are dropped.
import { afterAll, beforeAll } from 'vitest';
import pino, { type Logger } from 'pino';
import { createCoreContext, REDIS_URL, type CoreContext } from '../../../core/test-support/core-context.js';
import { startWorkers, type WorkerDeps, type Workers } from '../../src/index.js';

export { REDIS_URL };

export type WorkerOptions = Omit<WorkerDeps, 'sql' | 'redisUrl' | 'redisPrefix' | 'logger'>;

export interface WorkersContext extends CoreContext {
  logger: Logger;
  /** Workers on this file's database and prefix with these options, closed after the file's tests. */
  start(options?: WorkerOptions): Promise<Workers>;
}

/** The context of one test file: made before its tests, dropped after them (its workers first). */
export function workersContextOfFile(): WorkersContext {
  const ctx = {} as WorkersContext;
  const logger = pino({ level: process.env.TEST_LOG ?? 'silent' });
  const running: Workers[] = [];
  beforeAll(async () => {
    const core = await createCoreContext();
    const start = async (options: WorkerOptions = {}) => {
      const workers = await startWorkers({
        sql: core.sql,
        redisUrl: REDIS_URL,
        redisPrefix: core.prefix,
        logger,
        ...options,
      });
      running.push(workers);
      return workers;
    };
    Object.assign(ctx, core, { logger, start });
  });
  afterAll(async () => {
    for (const w of running.splice(0)) await w.close();
    await ctx.close?.();
  });
  return ctx;
}
