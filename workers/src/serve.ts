// The workers process (started by main.ts once tracing is set up): connects, starts queues and the relay, shuts down
// gracefully on SIGTERM/SIGINT.
import {
  DRAIN_DEADLINE_MS,
  closeOnSignals,
  createLogger,
  createMetrics,
  createServiceSql,
  exitIfRefused,
  askConnected,
  closingMetrics,
  pooledTimeoutProblem,
  postgresAnswers,
  readEnvFile,
  readiness,
  readinessMetrics,
} from '@app/infra';
import { WorkersEnvSchema, parseEnv, publicBaseUrl, usesMailCatcher } from '@app/shared';
import { startWorkers } from './index.js';
import { startStatusServer } from './status-server.js';

readEnvFile();
const config = exitIfRefused(() => parseEnv(WorkersEnvSchema, process.env));
const logger = await exitIfRefused(() => createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT }));
const metrics = createMetrics('workers');
const sql = createServiceSql(config, 10);
void pooledTimeoutProblem(sql, config).then(
  (problem) => problem && logger.warn(problem),
  () => {},
);
const workers = await exitIfRefused(() =>
  startWorkers({
    sql,
    redisUrl: config.REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
    logger,
    sweepEveryMs: config.SWEEP_EVERY_MS,
    smtpUrl: usesMailCatcher(config.SMTP_URL) ? '' : config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    publicUrl: publicBaseUrl(config),
    vapid: config,
    pushAllowLocalHttp: config.PUSH_ALLOW_HTTP_ENDPOINTS,
    digestEveryMs: config.DIGEST_EVERY_MS,
    noticeMailWindowMs: config.NOTICE_MAIL_WINDOW_MS,
    metrics,
  }),
);
const ready = {
  postgres: postgresAnswers(sql),
  // Jobs are added and taken through each queue's own connection: each counts its jobs.
  queues: () =>
    Promise.all(
      [workers.closeQueue.queue, workers.alerts.queue, workers.notices.queue].map(async (q) =>
        askConnected(await q.getBackend().client, () => q.count()),
      ),
    ),
};
readinessMetrics(metrics, () => readiness(ready));
closingMetrics(metrics, { sql });
const status = config.WORKERS_PORT
  ? await startStatusServer({
      port: config.WORKERS_PORT,
      host: config.HOST,
      token: config.METRICS_TOKEN,
      metrics,
      ready,
      logger,
    })
  : null;
logger.info('workers running');

closeOnSignals(
  async () => {
    // The status server stays up while the queues drain, so a scrape or a health check sent as the signal came (on a
    // kept-alive connection the server would otherwise close as idle) is still answered.
    await workers.close();
    await status?.close();
    await sql.end({ timeout: 5 });
  },
  logger,
  DRAIN_DEADLINE_MS.workers,
);
