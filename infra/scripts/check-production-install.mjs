// `npm run check:production`: proves that what `npm run build` produces runs with production dependencies only.
// It builds, copies the runtime files (the same ones the container image's last stage copies) into an empty folder,
// installs there with `npm ci --omit=dev` for the server workspaces, starts the product with `npm run start:prod` on
// free ports and a database of its own, then checks the web app, the API and a sign-in, stops it and cleans up.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchEnvironment, stopGroup } from './scratch-environment.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_WORKSPACES = ['shared', 'infra', 'api', 'realtime', 'workers'];
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

function run(title, cmd, args, cwd) {
  console.log(`> ${title}`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
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

  const [port, realtimePort, workersPort] = [await freePort(), await freePort(), await freePort()];
  console.log('> Starting with npm run start:prod');
  child = spawn('npm', ['run', 'start:prod', '--silent'], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: scratch.databaseUrl,
      REDIS_PREFIX: scratch.redisPrefix,
      PORT: String(port),
      REALTIME_PORT: String(realtimePort),
      WORKERS_PORT: String(workersPort),
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    },
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
  if (!auctions.ok || (await auctions.json()).length === 0) throw new Error('GET /api/auctions has no auctions');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'demo@carbid.example', password: 'demo-password' }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  console.log(
    `\nProduction install works: ${base} served the web app, the auctions and a sign-in, with dev dependencies omitted.`,
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
