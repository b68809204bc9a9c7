// Production mode, on the compiled processes: each one refuses to start on an unsafe default with exit 1 and one line
// naming the variable; a production start makes no demo data; the first admin comes from the admin command and signs
// in through the API. Needs `npm run build` (which `npm test` runs first).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropRedisPrefix } from '@app/infra';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../infra/test-support/test-database.js';
import { REDIS_URL } from '../api/test/support/test-app.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const SAFE = {
  NODE_ENV: 'production',
  METRICS_TOKEN: 'production-mode-test-metrics-token',
  PAYMENT_WEBHOOK_SECRET: 'production-mode-test-webhook-secret',
  CARRIER_WEBHOOK_SECRET: 'production-mode-test-carrier-secret',
  COOKIE_SECURE: 'true',
  // The development mail catcher, asked for on purpose (this checkout has its packages).
  SMTP_URL: 'catcher',
  PUBLIC_URL: 'https://auctions.example.test',
  LOG_LEVEL: 'warn',
};

let db: TestDatabase;
let prefix: string;
beforeAll(async () => {
  db = await createTestDatabase();
  prefix = testRedisPrefix();
});
afterAll(async () => {
  await dropRedisPrefix(REDIS_URL, prefix);
  await db?.drop();
});

/** Runs a compiled command to its end. */
function run(args: string[], env: Record<string, string | undefined>, input?: string) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH, DATABASE_URL: db.url, REDIS_URL, REDIS_PREFIX: prefix, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  child.stdin.end(input ?? '');
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('with NODE_ENV=production each process', () => {
  it.each([
    ['api/dist/server.js', 'PAYMENT_WEBHOOK_SECRET', { PAYMENT_WEBHOOK_SECRET: undefined }],
    ['api/dist/server.js', 'CARRIER_WEBHOOK_SECRET', { CARRIER_WEBHOOK_SECRET: undefined }],
    ['api/dist/server.js', 'COOKIE_SECURE', { COOKIE_SECURE: 'false' }],
    ['api/dist/server.js', 'METRICS_TOKEN', { METRICS_TOKEN: '' }],
    ['api/dist/server.js', 'PUBLIC_URL', { PUBLIC_URL: undefined }],
    ['realtime/dist/server.js', 'METRICS_TOKEN', { METRICS_TOKEN: undefined }],
    ['workers/dist/main.js', 'SMTP_URL', { SMTP_URL: '' }],
    ['workers/dist/main.js', 'METRICS_TOKEN', { METRICS_TOKEN: '' }],
  ])('%s stops with exit 1 and one line naming %s', async (entry, variable, unsafe) => {
    const r = await run([entry], { ...SAFE, ...unsafe, PORT: '0', REALTIME_PORT: '0', WORKERS_PORT: '0' });
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${variable} refused \\(NODE_ENV=production\\): .*\\. Set `));
    expect(r.stdout).toBe('');
  });
});

describe('a production start', () => {
  it('makes no demo data, and the admin command makes an admin who signs in through the API', async () => {
    const [port, realtime, workers] = [await freePort(), await freePort(), await freePort()];
    const start = spawn(process.execPath, ['infra/scripts/start.mjs', '--prebuilt'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: db.url,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        ...SAFE,
        PORT: String(port),
        REALTIME_PORT: String(realtime),
        WORKERS_PORT: String(workers),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    start.stdout.on('data', (c) => (out += c));
    start.stderr.on('data', (c) => (out += c));
    const stopped = new Promise<number | null>((resolve) => start.once('exit', resolve));
    const dir = await mkdtemp(join(tmpdir(), 'admin-password-'));
    try {
      await expect.poll(() => out, { timeout: 60_000, interval: 250 }).toContain('is running at');
      expect(out).toContain('Production mode: no demo data');
      expect(out).not.toContain('demo-password');

      const [counts] = await db.sql<{ users: number; admins: number; auctions: number; cars: number; forum: number }[]>`
        select (select count(*)::int from users) as users, (select count(*)::int from admin_users) as admins,
               (select count(*)::int from auctions) as auctions, (select count(*)::int from cars) as cars,
               (select count(*)::int from forum_posts) as forum`;
      expect(counts).toEqual({ users: 0, admins: 0, auctions: 0, cars: 0, forum: 0 });
      // No VAPID keys configured: web push is off and said so, and no key pair was made behind the operator's back.
      await expect.poll(() => out, { timeout: 20_000, interval: 250 }).toContain('web push is off');
      expect(await db.sql`select 1 from app_secrets where name = 'vapid-development-keys'`).toHaveLength(0);
      // The seed refuses production outright.
      const seed = await run(['infra/dist/seed-cli.js'], { NODE_ENV: 'production' });
      expect(seed.code).toBe(1);
      expect(seed.stderr.trim().split('\n')).toEqual([expect.stringMatching(/NODE_ENV=production/)]);
      expect((await db.sql`select 1 from users`).length).toBe(0);

      const create = (args: string[], input?: string) =>
        run(['infra/dist/create-admin-cli.js', ...args], { NODE_ENV: 'production' }, input);
      const common = await create(['--email', 'ops@example.com'], 'password123\n');
      expect(common.code).toBe(1);
      expect(common.stderr).toMatch(/^The password is refused: This password is one of the most common/);
      const short = await create(['--email', 'ops@example.com'], 'x7#kQ\n');
      expect(short.stderr).toMatch(/^The password is refused: Password must be at least 8 characters/);
      expect((await db.sql`select 1 from admin_users`).length).toBe(0);

      const password = 'correct horse battery staple 42';
      const made = await create(['--email', 'Ops@Example.com', '--name', 'Ops Team'], `${password}\n`);
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toContain('Admin ops@example.com created');
      const again = await create(['--email', 'ops@example.com'], 'another long passphrase 43\n');
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe('An admin with ops@example.com already exists: nothing was changed.');

      const base = `http://127.0.0.1:${port}`;
      const signIn = (email: string, pw: string) =>
        fetch(`${base}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ email, password: pw }),
        });
      expect((await signIn('ops@example.com', 'another long passphrase 43')).status).toBe(401);
      const login = await signIn('ops@example.com', password);
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie().find((c) => c.startsWith('admin_sid='))!;
      expect(cookie).toMatch(/; Secure/i);
      const me = await fetch(`${base}/api/admin/me`, { headers: { cookie: cookie.split(';')[0]! } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { admin: { email: string; name: string } }).admin).toMatchObject({
        email: 'ops@example.com',
        name: 'Ops Team',
      });

      // A secret file works the same (one line break at its end is not part of the password).
      const file = join(dir, 'password');
      await writeFile(file, 'a second long passphrase 44\n');
      const fromFile = await create(['--email', 'second@example.com', '--password-file', file]);
      expect(fromFile.code, fromFile.stderr).toBe(0);
      expect((await signIn('second@example.com', 'a second long passphrase 44')).status).toBe(200);
    } finally {
      start.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    }
    expect(await stopped).toBe(0);
  });
});
