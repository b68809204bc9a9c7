// The API through PgBouncer in transaction mode, configured as the scaled topology configures it (infra/scripts/
// pooler.mjs) and set as the product is (DATABASE_POOLER_URL beside DATABASE_URL): bids are placed and stored through
// it with postgres.js's unnamed statements, the pooler's statement timeout cancels a stuck statement, LISTEN (the
// valuation cache) and the migrations' advisory lock work on the direct connection, and a session lock taken through
// the pooler shows why they must not go through it. A small pool (3 server connections) makes every client's
// statements run on whichever server connection is free.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseApiEnv, type ApiConfig } from '@app/shared';
import { createServiceSql, createSql, dropRedisPrefix, migrate, pooledTimeoutProblem, type Sql } from '@app/infra';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../infra/test-support/test-database.js';
import { freePort } from '../infra/scripts/own-servers.mjs';
import { findPgbouncer, poolerConfig } from '../infra/scripts/pooler.mjs';
import { buildApp } from '../api/src/app.js';
import { ORIGIN, REDIS_URL, createAuction, createUserSession, jsonHeaders } from '../api/test/support/test-app.js';

const STATEMENT_TIMEOUT_MS = 1500;
let db: TestDatabase;
let pooler: ReturnType<typeof poolerConfig>;
let bouncer: ChildProcess;
let poolerPort: number;
let redis: Redis;
let config: ApiConfig;
let app: FastifyInstance;
const prefix = testRedisPrefix();

beforeAll(async () => {
  const binary = findPgbouncer();
  if (!binary) throw new Error('this test runs a PgBouncer of its own: apt-get install pgbouncer');
  db = await createTestDatabase();
  poolerPort = await freePort();
  pooler = poolerConfig({
    databaseUrl: db.url,
    port: poolerPort,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    poolSize: 3,
  });
  bouncer = spawn(binary, pooler.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`pgbouncer did not start:\n${log}`)), 10_000);
    for (const stream of [bouncer.stdout!, bouncer.stderr!])
      stream.on('data', (chunk: Buffer) => {
        log += chunk;
        if (log.includes(pooler.readyLine)) {
          clearTimeout(timer);
          resolve();
        }
      });
    bouncer.once('exit', () => reject(new Error(`pgbouncer exited:\n${log}`)));
  });
  config = parseApiEnv({
    DATABASE_URL: db.url,
    DATABASE_POOLER_URL: pooler.url,
    DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    APP_ORIGINS: ORIGIN,
    RATE_LIMIT_SCALE: '100',
    REQUEST_DEADLINE_MS: '20000',
    UPLOAD_DIR: await mkdtemp(join(tmpdir(), 'pooler-uploads-')),
  });
  redis = new Redis(REDIS_URL);
  // The product's own pools, from its configuration: nothing handed in.
  app = await buildApp(config, { redis });
}, 60_000);

afterAll(async () => {
  await app?.close();
  bouncer?.kill('SIGTERM');
  pooler?.remove();
  redis?.disconnect();
  await dropRedisPrefix(REDIS_URL, prefix);
  await db?.drop();
  if (config) await rm(config.UPLOAD_DIR, { recursive: true, force: true });
});

/** PgBouncer's console (simple protocol only): one of its SHOW answers. */
async function poolerShow(what: 'stats' | 'config'): Promise<Record<string, string>[]> {
  const url = new URL(pooler.url);
  url.pathname = '/pgbouncer';
  const console = postgres(url.toString(), { max: 1, fetch_types: false, prepare: false, onnotice: () => {} });
  try {
    return [...(await console.unsafe(`show ${what}`).simple())] as Record<string, string>[];
  } finally {
    await console.end();
  }
}

const transactionsThroughPooler = async () =>
  Number((await poolerShow('stats')).find((r) => r.database === new URL(db.url).pathname.slice(1))?.total_xact_count);

it('places and stores concurrent bids through the pooler in transaction mode', async () => {
  expect((await poolerShow('config')).find((r) => r.key === 'pool_mode')?.value).toBe('transaction');
  const auctionId = await createAuction(db.sql, { startingBid: '10000.00' });
  const bidders = await Promise.all(Array.from({ length: 4 }, () => createUserSession(app, db.sql)));
  const before = await transactionsThroughPooler();
  const answers = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      app.inject({
        method: 'POST',
        url: '/api/bids',
        headers: jsonHeaders(bidders[i % bidders.length]!.cookie),
        payload: { auctionId, amount: 10_000 + i * 1000 },
      }),
    ),
  );
  const accepted = answers.filter((a) => a.statusCode === 201);
  expect(answers.filter((a) => a.statusCode !== 201 && a.statusCode !== 409).map((a) => a.body)).toEqual([]);
  expect(accepted.length).toBeGreaterThan(0);
  const stored = await db.sql<
    { amount: string }[]
  >`select amount from bids where auction_id = ${auctionId} order by id`;
  expect(stored.map((b) => b.amount).sort()).toEqual(accepted.map((a) => a.json<{ amount: string }>().amount).sort());
  const [auction] = await db.sql<{ currentBid: string }[]>`select current_bid from auctions where id = ${auctionId}`;
  expect(auction!.currentBid).toBe(stored.at(-1)!.amount);
  // They went through the pooler: its count of this database's transactions grew by at least one a bid.
  expect((await transactionsThroughPooler()) - before).toBeGreaterThanOrEqual(accepted.length);
}, 60_000);

it('answers many concurrent statements of a few clients, each after the one ahead of it', async () => {
  // Two clients, two hundred statements: postgres.js would pipeline them, and the pooler would drop the answers of a
  // statement sent behind one that ended a transaction.
  const sql = createServiceSql(config, 2);
  try {
    // Statements without parameters and transactions' COMMITs are the ones the driver sends behind others.
    const answers = Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 3 === 0
          ? sql.begin((tx) => tx.unsafe<{ n: number }[]>(`select ${i}::int as n`))
          : i % 3 === 1
            ? sql.unsafe<{ n: number }[]>(`select ${i}::int as n`)
            : sql<{ n: number }[]>`select ${i}::int as n`,
      ),
    );
    const hung = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('statements went unanswered')), 15_000),
    );
    expect((await Promise.race([answers, hung])).map(([row]) => row!.n)).toEqual(
      Array.from({ length: 200 }, (_, i) => i),
    );
  } finally {
    await sql.end({ timeout: 1 });
  }
}, 30_000);

it("cancels a stuck statement with the pooler's statement timeout, which the service checks at start", async () => {
  await expect(app.sql`select pg_sleep(${(STATEMENT_TIMEOUT_MS / 1000) * 3})`).rejects.toMatchObject({ code: '57014' });
  // The pool goes on serving after the cancel.
  expect(await app.sql`select 1 as one`).toEqual([{ one: 1 }]);
  expect(await pooledTimeoutProblem(app.sql, config)).toBeNull();
  expect(await pooledTimeoutProblem(app.sql, { ...config, DB_STATEMENT_TIMEOUT_MS: 15_000 })).toMatch(
    /statement_timeout 1500 ms, not DB_STATEMENT_TIMEOUT_MS 15000 ms/,
  );
}, 30_000);

it('hears LISTEN notifications on its direct connection: a change empties the valuation cache', async () => {
  const sales = app.platformSales;
  // Once listening, concurrent reads of a make share one read. Listening and the notification go through Postgres:
  // each is given up to 15 s.
  let first = sales.forMake('Porsche');
  for (let i = 0; i < 300 && sales.forMake('Porsche') !== first; i += 1) {
    await new Promise((r) => setTimeout(r, 50));
    first = sales.forMake('Porsche');
  }
  expect(sales.forMake('Porsche')).toBe(first);
  await db.sql`select pg_notify('platform_sales', '')`;
  let emptied = false;
  for (let i = 0; i < 300 && !emptied; i += 1) {
    await new Promise((r) => setTimeout(r, 50));
    emptied = sales.forMake('Porsche') !== first;
  }
  expect(emptied).toBe(true);
}, 30_000);

it('takes the migrations lock on DATABASE_URL; through the pooler a session lock would outlive its client', async () => {
  // Two starters migrating a new database at once, as the product's preparation does (with DATABASE_URL): each file
  // applied once.
  const fresh = new URL(db.url);
  fresh.pathname = `${fresh.pathname}_m`;
  const admin = createSql(db.url, { max: 1 });
  await admin.unsafe(`create database ${fresh.pathname.slice(1)}`);
  try {
    const [a, b] = await Promise.all([migrate(fresh.toString()), migrate(fresh.toString())]);
    const files = [...a.applied, ...b.applied];
    expect(new Set(files).size).toBe(files.length);
    const check: Sql = createSql(fresh.toString(), { max: 1 });
    const [{ count }] = (await check`select count(*)::int as count from schema_migrations`) as unknown as [
      { count: number },
    ];
    expect(count).toBe(files.length);
    await check.end();
  } finally {
    await admin.unsafe(`drop database if exists ${fresh.pathname.slice(1)} with (force)`);
    await admin.end();
  }

  // Why not through the pooler: a session lock belongs to the server connection, which outlives the client.
  const throughPooler = createSql(pooler.url, { max: 1, pooled: true });
  await throughPooler`select pg_advisory_lock(4242)`;
  await throughPooler.end();
  const held = async () =>
    (await db.sql`select 1 from pg_locks where locktype = 'advisory' and objid = 4242 and granted`).length;
  expect(await held()).toBe(1);
  // Given back by ending the pooler's server connections.
  // pg_terminate_backend only signals the backend; the lock goes when it has exited (at once on a quiet machine).
  await db.sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = 4242`;
  const deadline = Date.now() + 10_000;
  while ((await held()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(await held()).toBe(0);
}, 120_000);
