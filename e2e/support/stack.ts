// The whole product for a browser test: a seeded database of its own, the API serving the built web app, the gateway and the workers.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pino from 'pino';
import { seed } from '@app/infra';
import { createTestDatabase, dropRedisPrefix, testRedisPrefix } from '../../infra/test-support/test-database.js';
import { buildApp } from '@app/api';
import { parseApiEnv } from '@app/shared';
import { createGateway } from '@app/realtime';
import { startWorkers } from '@app/workers';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface Stack {
  baseUrl: string;
  realtimeUrl: string;
  databaseUrl: string;
  /** Content-Security-Policy violations the browser reported to the API since the last take. */
  cspReports(): unknown[];
  /** Returns the reports so far and forgets them (for a test that provokes a violation on purpose). */
  takeCspReports(): unknown[];
  stop(): Promise<void>;
}

export async function startStack(): Promise<Stack> {
  if (!existsSync(`${WEB_DIST}/index.html`))
    throw new Error('web/dist is missing: run `npm run build` before the browser tests');
  const db = await createTestDatabase();
  const prefix = testRedisPrefix();
  await seed(db.sql);
  const logger = pino({ level: 'silent' });

  const origins: string[] = [];
  const config = parseApiEnv({
    DATABASE_URL: db.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    STRICT_RESPONSES: 'true',
    RATE_LIMIT_SCALE: '100',
    // The deadline guards against a frozen store (tested on its own in api/test/outages.test.ts); on a busy test machine
    // an ordinary request must not be cut short by it.
    REQUEST_DEADLINE_MS: '20000',
    WEB_DIST_DIR: WEB_DIST,
    APP_ORIGINS: 'http://127.0.0.1:1',
    UPLOAD_DIR: await mkdtemp(join(tmpdir(), 'auction-e2e-uploads-')),
  });
  config.APP_ORIGINS = origins;
  const redis = new Redis(REDIS_URL);
  const app = await buildApp(config, { sql: db.sql, redis });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  origins.push(baseUrl, baseUrl.replace('127.0.0.1', 'localhost'));

  const httpServer = createServer();
  const gateway = await createGateway(httpServer, {
    sql: db.sql,
    redisUrl: REDIS_URL,
    redisPrefix: prefix,
    origins,
    logger,
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const realtimeUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  config.PUBLIC_REALTIME_URL = realtimeUrl;

  const workers = await startWorkers({
    sql: db.sql,
    redisUrl: REDIS_URL,
    redisPrefix: prefix,
    logger,
    publicUrl: baseUrl,
    // Outbid mails wait for their window (10 minutes in production): a second here, so a test reads its mail.
    noticeMailWindowMs: 1000,
  });

  return {
    baseUrl,
    realtimeUrl,
    databaseUrl: db.url,
    cspReports: () => [...app.cspReports],
    takeCspReports: () => app.cspReports.splice(0),
    async stop() {
      await workers.close();
      await gateway.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await app.close();
      redis.disconnect();
      await dropRedisPrefix(REDIS_URL, prefix);
      await db.drop();
      await rm(config.UPLOAD_DIR, { recursive: true, force: true });
    },
  };
}
