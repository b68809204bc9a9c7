// A database and a Redis prefix made for one bench run, with bidders who already hold sessions.
import { createHash, randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { createSql, migrate } from '@app/infra';
import { ROOT } from './ensure-built.js';

export { freePort } from '../../infra/scripts/own-servers.mjs';

export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function createBenchDatabase() {
  const name = `auction_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  const sql = createSql(url.toString(), { max: 40 });
  return {
    url: url.toString(),
    sql,
    async drop() {
      await sql.end({ timeout: 2 });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export type Sql = ReturnType<typeof createSql>;

// Bench bidders are exempt from the card rule (as an admin exempts a dealer): the figures are the bid engine's, not
// the sandbox provider's.
export async function createBidders(sql: Sql, count: number, tag: string): Promise<{ id: number; cookie: string }[]> {
  const out: { id: number; cookie: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const [u] = await sql<{ id: number }[]>`
      insert into users (email, name, password_hash, is_premium, bid_exempt)
      values (${`bench-${tag}-${i}@example.test`}, ${`Bidder ${i}`}, 'not-a-login-account', true, true) returning id`;
    const token = randomBytes(32).toString('base64url');
    const sid = createHash('sha256').update(token).digest('hex');
    await sql`insert into sessions (id, kind, user_id, expires_at) values (${sid}, 'user', ${u!.id}, now() + interval '1 day')`;
    out.push({ id: u!.id, cookie: `sid=${token}` });
  }
  return out;
}

let vin = 0;
export async function createBenchAuction(sql: Sql, endsInMs = 24 * 3600_000): Promise<number> {
  vin += 1;
  const [car] = await sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, mileage, condition)
    values (${`BNC${String(process.pid % 1e7).padStart(7, '0')}${String(vin).padStart(7, '0')}`}, 2022, 'Porsche', '911 GT3', 3000, 'Excellent')
    returning id`;
  const [a] = await sql<{ id: number }[]>`
    insert into auctions (car_id, starting_bid, current_bid, auction_type, start_time, end_time, location)
    values (${car!.id}, '1000.00', '0.00', 'no-reserve', now() - interval '1 hour', now() + ${endsInMs} * interval '1 millisecond', 'Bench, MI')
    returning id`;
  return a!.id;
}

/** The compiled entry of each service, as `npm start` runs it (ensureServicesBuilt makes sure it is current). */
export const SERVICE_ENTRY = {
  api: 'api/dist/server.js',
  realtime: 'realtime/dist/server.js',
  workers: 'workers/dist/main.js',
} as const;

/**
 * Starts one of the product's processes exactly as `npm start` does (plain `node` on its compiled entry) and waits
 * until it answers. `nodeArgs` go before the entry (a heap limit, a CPU profile).
 */
export async function startProcess(
  service: keyof typeof SERVICE_ENTRY,
  env: Record<string, string>,
  readyUrl: string,
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const entry = SERVICE_ENTRY[service];
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not become ready at ${readyUrl}`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A port no one listens on now, chosen by the system (a product running beside the bench keeps its own). */
