// The probes an orchestrator acts on, on the three compiled processes: /readyz answers 503 (naming Postgres) while the
// database is stopped and 200 once it is back, without a restart; /healthz answers 200 throughout, so a liveness probe
// never restarts a process that only waits for its database. Runs a PostgreSQL of its own, which it stops and starts.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dropRedisPrefix, ensureDatabase, migrate } from '@app/infra';
import { testRedisPrefix } from '../infra/test-support/test-database.js';
import { REDIS_URL } from '../api/test/support/test-app.js';
import { serverBinaries, startPostgres } from '../infra/scripts/own-servers.mjs';
import { requireCompiledEntries, startCompiled, type RunningService } from './support/compiled-service.js';
import { freePorts } from './support/launcher.js';

// Readable by all: started as root, PostgreSQL runs as the postgres user, who must reach its folder.
const folder = mkdtempSync(join(tmpdir(), 'probes-test-'));
chmodSync(folder, 0o755);
const prefix = testRedisPrefix();
let postgres: Awaited<ReturnType<typeof startPostgres>>;
const running: RunningService[] = [];
const probes: { name: string; health: string; ready: string }[] = [];

beforeAll(async () => {
  requireCompiledEntries();
  const { postgresBin } = serverBinaries(['postgres']);
  if (!postgresBin) throw new Error('this test runs a PostgreSQL of its own: install the postgresql package');
  postgres = await startPostgres({ bin: postgresBin, dir: join(folder, 'postgres'), durable: false });
  const databaseUrl = postgres.url('auction');
  await ensureDatabase(databaseUrl);
  await migrate(databaseUrl);

  const [api, gateway, workers] = await freePorts(3);
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'fatal',
    METRICS_TOKEN: 'probes-test-metrics-token',
    PORT: String(api),
    REALTIME_PORT: String(gateway),
    WORKERS_PORT: String(workers),
  };
  for (const [name, entry, port] of [
    ['api', 'api/dist/server.js', api],
    ['gateway', 'realtime/dist/server.js', gateway],
    ['workers', 'workers/dist/main.js', workers],
  ] as const) {
    const base = `http://127.0.0.1:${port}`;
    probes.push({ name, health: `${base}/healthz`, ready: `${base}/readyz` });
    running.push(await startCompiled(entry, env, `${base}/readyz`));
  }
}, 120_000);

afterAll(async () => {
  for (const service of running) service.child.kill('SIGKILL');
  await Promise.all(running.map((s) => s.exited));
  postgres?.stop('immediate');
  await dropRedisPrefix(REDIS_URL, prefix);
  rmSync(folder, { recursive: true, force: true });
});

async function probe(
  url: string,
): Promise<{ status: number; body: Record<string, string>; retryAfter: string | null }> {
  // Another process's answer: seconds on a busy machine, but never a hang.
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, string>,
    retryAfter: res.headers.get('retry-after'),
  };
}

const statuses = (which: 'health' | 'ready') =>
  Promise.all(probes.map(async (p) => `${p.name} ${(await probe(p[which])).status}`));
const all = (status: number) => probes.map((p) => `${p.name} ${status}`);

it('answers /readyz 503 on every process while Postgres is stopped and 200 after it is back; /healthz stays 200', async () => {
  expect(await statuses('ready')).toEqual(all(200));
  for (const p of probes) {
    const { body } = await probe(p.ready);
    expect(
      Object.values(body).every((v) => v === 'ok'),
      `${p.name}: ${JSON.stringify(body)}`,
    ).toBe(true);
  }
  // The gateway's readiness includes its stream reader, the workers' their queues.
  expect(Object.keys((await probe(probes[1]!.ready)).body)).toEqual(['postgres', 'redis', 'streamReader']);
  expect(Object.keys((await probe(probes[2]!.ready)).body)).toEqual(['postgres', 'queues']);

  postgres.stop('fast');
  await expect.poll(() => statuses('ready'), { timeout: 20_000, interval: 250 }).toEqual(all(503));
  for (const p of probes) {
    const { body, retryAfter } = await probe(p.ready);
    // Only the database is down: Redis, the stream reader and the queues still answer.
    expect(body.postgres, p.name).toBe('down');
    expect(
      Object.entries(body).filter(([name, v]) => name !== 'postgres' && v !== 'ok'),
      p.name,
    ).toEqual([]);
    expect(retryAfter, p.name).not.toBeNull();
  }
  // Liveness, several times over the outage: never anything but 200.
  for (let i = 0; i < 5; i += 1) {
    expect(await statuses('health')).toEqual(all(200));
    await new Promise((r) => setTimeout(r, 400));
  }

  postgres.start();
  await expect.poll(() => statuses('ready'), { timeout: 30_000, interval: 250 }).toEqual(all(200));
  expect(await statuses('health')).toEqual(all(200));
  // The same processes answered throughout: none exited to recover.
  for (const [i, service] of running.entries()) expect(service.child.exitCode, probes[i]!.name).toBeNull();
}, 90_000);
