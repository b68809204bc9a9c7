// Entry: the workers process. Connects, starts queues and the relay, shuts down gracefully on SIGTERM/SIGINT.
import pino from 'pino';
import { closeOnSignals, createSql } from '@app/infra';
import { WorkersEnvSchema, parseEnv } from '@app/shared';
import { startWorkers } from './index.js';

const config = parseEnv(WorkersEnvSchema, process.env);
const logger = pino({ level: config.LOG_LEVEL });
const sql = createSql(config.DATABASE_URL, { max: 10 });
const workers = await startWorkers({
  sql,
  redisUrl: config.REDIS_URL,
  redisPrefix: config.REDIS_PREFIX,
  logger,
  sweepEveryMs: config.SWEEP_EVERY_MS,
});
logger.info('workers running');

closeOnSignals(
  async () => {
    await workers.close();
    await sql.end({ timeout: 5 });
  },
  logger,
  15_000,
);
