// `npm run check:production`: proves that what `npm run build` produces runs with production dependencies only, in
// production mode. It builds, copies the runtime files (the same ones the container image's last stage copies) into an
// empty folder, installs there with `npm ci --omit=dev` for the server workspaces, checks that asking for a
// development-only package there is refused in one line, starts the product with `npm run start:prod` and
// NODE_ENV=production on free ports and a database of its own, then checks the web app, the API, that no demo account
// exists, and that the admin command makes an admin who signs in; then it stops it and cleans up.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchEnvironment, stopGroup } from './scratch-environment.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVER_WORKSPACES = ['shared', 'infra', 'core', 'api', 'realtime', 'workers'];
const RUNTIME_FILES = [
  'package.json',
  'package-lock.json',
  ...SERVER_WORKSPACES.flatMap((ws) => [`${ws}/package.json`, `${ws}/dist`]),
  'web/package.json',
  'web/dist',
  'infra/migrations',
  'infra/data',
  'infra/scripts/start.mjs',
  'infra/scripts/require-node.mjs',
  'infra/scripts/process-group.mjs',
  'infra/scripts/stores.mjs',
  'infra/scripts/own-servers.mjs',
  'infra/scripts/own-servers-guard.mjs',
  'infra/scripts/debian-packages.mjs',
  'infra/scripts/env-file.mjs',
  'infra/scripts/patch-postgres-driver.mjs',
];

function run(title, cmd, args, cwd, env = process.env) {
  console.log(`> ${title}`);
  const r = spawnSync(cmd, args, { cwd, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${title} failed`);
}
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const dir = mkdtempSync(join(tmpdir(), 'auction-production-'));
const scratch = scratchEnvironment('production-check');
let child;
let ok = false;
try {
  run('Building', 'node', ['infra/scripts/build.mjs'], root);
  for (const path of RUNTIME_FILES) cpSync(join(root, path), join(dir, path), { recursive: true });
  run(
    'Installing production dependencies only',
    'npm',
    ['ci', '--omit=dev', '--no-audit', '--no-fund', ...SERVER_WORKSPACES.flatMap((ws) => ['-w', ws])],
    dir,
  );
  // npm runs the root postinstall only for whole-project installs; the driver fix is applied either way.
  run('Applying the Postgres driver fix', 'node', ['infra/scripts/patch-postgres-driver.mjs'], dir);

  const [port, realtimePort, workersPort, smtpPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  // What production mode requires (README, "Production mode"). Nothing is mailed during the check, so the mail server
  // is only an address.
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    METRICS_TOKEN: 'production-check-metrics-token',
    PAYMENT_WEBHOOK_SECRET: 'production-check-webhook-secret',
    CARRIER_WEBHOOK_SECRET: 'production-check-carrier-secret',
    COOKIE_SECURE: 'false',
    ALLOW_INSECURE_COOKIES: 'true',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: scratch.databaseUrl,
    REDIS_PREFIX: scratch.redisPrefix,
    PORT: String(port),
    REALTIME_PORT: String(realtimePort),
    WORKERS_PORT: String(workersPort),
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
  };

  // The development-only packages are not installed here: asking for one is refused with one line naming the setting.
  for (const [entry, ask, expected] of [
    [
      'realtime/dist/server.js',
      { LOG_FORMAT: 'pretty' },
      'LOG_FORMAT=pretty needs the development package pino-pretty',
    ],
    [
      'workers/dist/main.js',
      { SMTP_URL: 'catcher' },
      'SMTP_URL=catcher (or empty) asks for the development mail catcher',
    ],
  ]) {
    const r = spawnSync('node', [entry], { cwd: dir, env: { ...env, ...ask }, encoding: 'utf8', timeout: 30_000 });
    const lines = r.stderr.trim().split('\n');
    if (r.status !== 1 || lines.length !== 1 || !lines[0].startsWith(expected))
      throw new Error(`${entry} with ${JSON.stringify(ask)} exited ${r.status}: ${r.stderr}`);
    console.log(`> ${entry} with ${Object.entries(ask)[0].join('=')} refused: ${lines[0]}`);
  }

  console.log('> Starting with npm run start:prod in production mode');
  child = spawn('npm', ['run', 'start:prod', '--silent'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
    process.stdout.write(c);
  });
  const started = Date.now();
  while (!output.includes('is running at')) {
    if (child.exitCode !== null || Date.now() - started > 120_000) throw new Error('the product did not start');
    await new Promise((r) => setTimeout(r, 500));
  }

  const base = `http://127.0.0.1:${port}`;
  const home = await fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } });
  if (!home.ok || !(await home.text()).includes('<div id="root">')) throw new Error(`GET / answered ${home.status}`);
  const auctions = await fetch(`${base}/api/auctions`);
  if (!auctions.ok || !Array.isArray(await auctions.json()))
    throw new Error(`GET /api/auctions answered ${auctions.status}`);
  const post = (path, body) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
  const demo = await post('/api/auth/login', { email: 'demo@carbid.example', password: 'demo-password' });
  if (demo.status !== 401)
    throw new Error(`the demo account's sign-in answered ${demo.status}: production has demo data`);

  const passwordFile = join(dir, 'admin-password');
  writeFileSync(passwordFile, 'production check admin passphrase\n');
  run(
    'Making the first admin with the admin command',
    'node',
    ['infra/dist/create-admin-cli.js', '--email', 'ops@example.com', '--password-file', passwordFile],
    dir,
    env,
  );
  const login = await post('/api/admin/login', {
    email: 'ops@example.com',
    password: 'production check admin passphrase',
  });
  if (login.status !== 200) throw new Error(`the admin's sign-in answered ${login.status}`);
  console.log(
    `\nProduction install works: ${base} served the web app and the auctions in production mode with dev dependencies omitted, without demo data, and the admin command's admin signed in.`,
  );
  ok = true;
} catch (err) {
  console.error(`\nProduction install check failed: ${err.message}`);
} finally {
  await stopGroup(child);
  await scratch.remove();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
