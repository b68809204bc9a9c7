// A real API on a database made for this test file, with a Redis prefix of its own.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Sql } from 'postgres';
import { Redis } from 'ioredis';
import { createTestDatabase, dropRedisPrefix, testRedisPrefix } from '../../../infra/test-support/test-database.js';
import { buildApp, type AppDeps } from '../../src/app.js';
import { parseApiEnv, type ApiConfig } from '@app/shared';
import { hashPassword } from '@app/infra';
import { totpAt } from '@app/core/identity';
import { TEST_PASSWORD, createUser } from '../../../core/test-support/fixtures.js';

export { TEST_PASSWORD, createAuction, createUser, type AuctionOptions } from '../../../core/test-support/fixtures.js';

export const ORIGIN = 'http://localhost:3000';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestContext {
  app: FastifyInstance;
  sql: Sql;
  redis: Redis;
  config: ApiConfig;
  databaseUrl: string;
  rebuild(deps?: AppDeps): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** `env` overrides the test defaults (for instance RATE_LIMIT_SCALE, which tests raise so their bursts are not throttled). */
export async function startTestApp(deps: AppDeps = {}, env: Record<string, string> = {}): Promise<TestContext> {
  const db = await createTestDatabase();
  const prefix = testRedisPrefix();
  const config = parseApiEnv({
    RATE_LIMIT_SCALE: '100',
    // The deadline guards against a frozen store (tested on its own in api/test/outages.test.ts); on a busy test machine
    // an ordinary request must not be cut short by it.
    REQUEST_DEADLINE_MS: '20000',
    DATABASE_URL: db.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    STRICT_RESPONSES: 'true',
    APP_ORIGINS: ORIGIN,
    UPLOAD_DIR: await mkdtemp(join(tmpdir(), 'auction-uploads-')),
    ...env,
  });
  const redis = new Redis(REDIS_URL);
  const ctx: TestContext = {
    app: await buildApp(config, { sql: db.sql, redis, ...deps }),
    sql: db.sql,
    redis,
    config,
    databaseUrl: db.url,
    async rebuild(more: AppDeps = {}) {
      await ctx.app.close();
      ctx.app = await buildApp(config, { sql: db.sql, redis, ...more });
      return ctx.app;
    },
    async close() {
      await ctx.app.close();
      await dropRedisPrefix(REDIS_URL, prefix);
      redis.disconnect();
      await db.drop();
      await rm(config.UPLOAD_DIR, { recursive: true, force: true });
    },
  };
  return ctx;
}

/** Signs in through the real endpoint and returns the Cookie header to send. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  return `sid=${cookie!.value}`;
}

export async function createUserSession(app: FastifyInstance, sql: Sql, opts: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(sql, opts);
  return { ...user, cookie: await signIn(app, user.email) };
}

export function jsonHeaders(cookie?: string): Record<string, string> {
  return { origin: ORIGIN, ...(cookie ? { cookie } : {}) };
}

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipartFile(
  bytes: Uint8Array,
  fileName: string,
  contentType: string,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: ${contentType}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a photo as the session's user; the URL when it was accepted. */
export async function uploadPhoto(
  app: FastifyInstance,
  cookie: string,
  bytes: Uint8Array,
  fileName = 'car.png',
  contentType = 'image/png',
) {
  const { payload, headers } = multipartFile(bytes, fileName, contentType);
  return app.inject({
    method: 'POST',
    url: '/api/uploads/photos',
    headers: { ...jsonHeaders(cookie), ...headers },
    payload,
  });
}

/** The authenticator key of every test admin (admins must have the second factor). */
export const TEST_ADMIN_TOTP_SECRET = 'TESTADMINTOTPKEY234567ABCDEFGHIJ';

/**
 * An admin account (with its second factor on) signed in through the real endpoints, password then code; the Cookie
 * header to send.
 */
export async function createAdminSession(app: FastifyInstance, sql: Sql): Promise<{ id: number; cookie: string }> {
  const email = `admin-${Math.random().toString(36).slice(2)}@example.test`;
  const [row] = await sql<{ id: number }[]>`
    insert into admin_users (email, name, password_hash, totp_secret, totp_enabled_at)
    values (${email}, 'Test Admin', ${await hashPassword(TEST_PASSWORD)}, ${TEST_ADMIN_TOTP_SECRET}, now()) returning id`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: ORIGIN },
    payload: { email, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  const { challenge } = (res.json() as { secondFactor: { challenge: string } }).secondFactor;
  const coded = await app.inject({
    method: 'POST',
    url: '/api/admin/login/second-factor',
    headers: { origin: ORIGIN },
    payload: { challenge, code: totpAt(TEST_ADMIN_TOTP_SECRET, Date.now()) },
  });
  if (coded.statusCode !== 200) throw new Error(`admin code refused: ${coded.statusCode} ${coded.body}`);
  return { id: row!.id, cookie: `admin_sid=${coded.cookies.find((c) => c.name === 'admin_sid')!.value}` };
}
