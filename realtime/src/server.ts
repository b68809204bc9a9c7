// Entry: the gateway on its own port with GET /healthz, closed gracefully on SIGTERM/SIGINT.
import { createServer } from 'node:http';
import pino from 'pino';
import { closeOnSignals, createSql } from '@app/infra';
import { RealtimeEnvSchema, parseEnv } from '@app/shared';
import { createGateway } from './gateway.js';

const config = parseEnv(RealtimeEnvSchema, process.env);
const logger = pino({ level: config.LOG_LEVEL });
const sql = createSql(config.DATABASE_URL, { max: 5 });

// Socket.IO answers its own path before this handler; everything else lands here.
const httpServer = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
});

const gateway = await createGateway(httpServer, {
  sql,
  redisUrl: config.REDIS_URL,
  redisPrefix: config.REDIS_PREFIX,
  origins: config.APP_ORIGINS,
  logger,
});
httpServer.listen(config.REALTIME_PORT, config.HOST, () => logger.info({ port: config.REALTIME_PORT }, 'gateway listening'));

closeOnSignals(async () => {
  // Stop accepting connections; the open sockets are closed by the gateway, whose sessions other gateways can recover.
  httpServer.close();
  await gateway.close();
  await sql.end({ timeout: 5 });
}, logger);
