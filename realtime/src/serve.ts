// The gateway process (started by server.ts once tracing is set up): on its own port with GET /healthz, /readyz and
// /metrics, closed gracefully on SIGTERM/SIGINT.
import { createServer } from 'node:http';
import {
  DRAIN_DEADLINE_MS,
  answerStatus,
  closeOnSignals,
  createLogger,
  createMetrics,
  createServiceSql,
  exitIfRefused,
  pooledTimeoutProblem,
  postgresAnswers,
  readEnvFile,
  readiness,
  readinessMetrics,
  readerLeaseKey,
  redisAnswers,
  createRedis,
} from '@app/infra';
import { RealtimeEnvSchema, parseEnv } from '@app/shared';
import { GATEWAY_GROUP, createGateway } from './gateway.js';
import { SOCKETS_PER_ADDRESS } from './sockets-per-address.js';

readEnvFile();
const config = exitIfRefused(() => parseEnv(RealtimeEnvSchema, process.env));
const logger = await exitIfRefused(() => createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT }));
const metrics = createMetrics('realtime');
const sql = createServiceSql(config, 5);
void pooledTimeoutProblem(sql, config).then(
  (problem) => problem && logger.warn(problem),
  () => {},
);
// The readiness checks' own connection: without an offline queue, a check made while Redis is away fails at once. Its
// errors are the gateway's other connections' errors, which they log already.
const probeRedis = createRedis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
probeRedis.on('error', () => {});
const ready = {
  // Every handshake reads the session from Postgres.
  postgres: postgresAnswers(sql),
  redis: redisAnswers(probeRedis),
  // Events reach this gateway's sockets only while one gateway (this one or another) holds the reader lease and reads.
  streamReader: async () => {
    if (!(await probeRedis.exists(readerLeaseKey(config.REDIS_PREFIX, GATEWAY_GROUP))))
      throw new Error('no gateway reads the events stream');
  },
};
readinessMetrics(metrics, () => readiness(ready));

// Socket.IO answers its own path before this handler; everything else lands here.
const httpServer = createServer((req, res) => {
  if (!answerStatus(req, res, { metrics, token: config.METRICS_TOKEN, ready })) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
  }
});

const gateway = await createGateway(httpServer, {
  sql,
  redisUrl: config.REDIS_URL,
  redisPrefix: config.REDIS_PREFIX,
  origins: config.APP_ORIGINS,
  logger,
  metrics,
  trustProxy: config.TRUST_PROXY,
  socketsPerAddress: Math.round(SOCKETS_PER_ADDRESS * config.RATE_LIMIT_SCALE),
});
httpServer.once('error', (err: NodeJS.ErrnoException) => {
  // One line, not a stack trace: the most likely cause is another program on the port.
  logger.fatal(
    err.code === 'EADDRINUSE'
      ? `Port ${config.REALTIME_PORT} is already in use: set REALTIME_PORT to a free port`
      : `Cannot listen: ${err.message}`,
  );
  process.exit(1);
});
httpServer.listen(config.REALTIME_PORT, config.HOST, () =>
  logger.info({ port: config.REALTIME_PORT }, 'gateway listening'),
);

closeOnSignals(
  async () => {
    // Stop accepting connections; the open sockets are closed by the gateway, whose sessions other gateways can recover.
    httpServer.close();
    await gateway.close();
    probeRedis.disconnect();
    await sql.end({ timeout: 5 });
  },
  logger,
  DRAIN_DEADLINE_MS.realtime,
);
