// On a machine where nothing answers at the default database and Redis addresses (moved here to free ports), `npm start`
// runs a PostgreSQL and a Redis of its own, serves the product from them, keeps their data over a restart and stops them
// with itself, even when it is killed with -9. An explicit DATABASE_URL is never replaced: where nothing answers it
// stops with one line naming it. Runs the built product with its servers' files in a temporary folder.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { REDIS_URL } from '../api/test/support/test-app.js';
import { freePorts, isFree, startLauncher, type Launcher } from './support/launcher.js';

// Readable by all, as a checkout is: started as root, PostgreSQL runs as the postgres user, who must reach it.
const folder = mkdtempSync(join(tmpdir(), 'own-servers-test-'));
chmodSync(folder, 0o755);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function startWithoutServers(): Promise<{ run: Launcher; port: number; postgres: number; redis: number }> {
  const [port, realtime, workers, defaultDatabase, defaultRedis] = await freePorts(5);
  const run = startLauncher({
    // Set but empty: unset for the launcher, and a developer's .env cannot fill them in.
    DATABASE_URL: '',
    REDIS_URL: '',
    DEFAULT_DATABASE_PORT: String(defaultDatabase),
    DEFAULT_REDIS_PORT: String(defaultRedis),
    OWN_SERVERS_DIR: folder,
    PORT: String(port),
    REALTIME_PORT: String(realtime),
    WORKERS_PORT: String(workers),
  });
  await expect.poll(() => run.stdout(), { timeout: 120_000, interval: 250 }).toContain('is running at');
  const portIn = (name: string) =>
    Number(
      new RegExp(`${name}: nothing answered at [^,]+, so one of our own runs on 127\\.0\\.0\\.1:(\\d+)`).exec(
        run.stdout(),
      )?.[1],
    );
  expect(run.stdout()).toContain(`(its data in ${join(folder, 'postgres')})`);
  expect(run.stdout()).toContain(`(its data in ${join(folder, 'redis')})`);
  return { run, port: port!, postgres: portIn('PostgreSQL'), redis: portIn('Redis') };
}

async function signIn(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email: 'demo@carbid.example', password: 'demo-password' }),
  });
  expect(res.status).toBe(200);
  const { user } = (await res.json()) as { user: { id: number } };
  return {
    userId: user.id,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

it('serves the auctions from servers it started itself, keeps their data over a restart, and stops them with itself', async () => {
  const note = `kept over a restart ${Date.now()}`;
  const first = await startWithoutServers();
  let auctionId: number;
  try {
    expect(first.postgres).toBeGreaterThan(0);
    expect(first.redis).toBeGreaterThan(0);
    const list = await fetch(`http://127.0.0.1:${first.port}/api/auctions`);
    expect(list.status).toBe(200);
    const auctions = (await list.json()) as { id: number }[];
    expect(auctions.length).toBeGreaterThan(0);
    auctionId = auctions[0]!.id;

    const { userId, cookie } = await signIn(first.port);
    const posted = await fetch(`http://127.0.0.1:${first.port}/api/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${first.port}`, cookie },
      body: JSON.stringify({ auctionId, userId, content: note }),
    });
    expect(posted.status).toBe(201);
    const redis = new Redis(`redis://127.0.0.1:${first.redis}`);
    await redis.set('own-servers-test:kept', note);
    redis.disconnect();
  } finally {
    first.run.child.kill('SIGTERM');
  }
  expect(await first.run.exited).toBe(0);
  expect(await isFree(first.postgres)).toBe(true);
  expect(await isFree(first.redis)).toBe(true);

  const second = await startWithoutServers();
  try {
    const comments = await fetch(`http://127.0.0.1:${second.port}/api/auctions/${auctionId}/comments`);
    expect(((await comments.json()) as { content: string }[]).map((c) => c.content)).toContain(note);
    const redis = new Redis(`redis://127.0.0.1:${second.redis}`);
    expect(await redis.get('own-servers-test:kept')).toBe(note);
    redis.disconnect();
  } finally {
    second.run.child.kill('SIGKILL');
  }
  await second.run.exited;
  // Killed outright, the launcher cannot stop its servers: its guard does.
  await expect
    .poll(async () => (await isFree(second.postgres)) && (await isFree(second.redis)), {
      timeout: 30_000,
      interval: 250,
    })
    .toBe(true);
}, 300_000);

it('stops with one line naming DATABASE_URL when an explicit one answers nowhere, and starts no server of its own', async () => {
  const [port, realtime, workers, nowhere] = await freePorts(4);
  const run = startLauncher({
    DATABASE_URL: `postgres://postgres@127.0.0.1:${nowhere}/auction`,
    REDIS_URL,
    DEFAULT_DATABASE_PORT: String(nowhere),
    OWN_SERVERS_DIR: folder,
    PORT: String(port),
    REALTIME_PORT: String(realtime),
    WORKERS_PORT: String(workers),
  });
  expect(await run.exited).toBe(1);
  const lines = run.stderr().trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('DATABASE_URL');
  expect(lines[0]).toContain(`127.0.0.1:${nowhere}`);
  expect(run.stdout()).not.toContain('of our own');
});
