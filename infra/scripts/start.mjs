// `npm start`: build, check PostgreSQL, Redis and the ports, migrate and seed, then run the compiled api, realtime and
// workers together. It says "running" only once its own three processes answer; if one of them dies, or never gets
// ready, it stops them all and exits non-zero. `--prebuilt` (npm run start:prod) skips the build and uses dist/ as is.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const prebuilt = process.argv.includes('--prebuilt');
const env = { ...process.env };
const port = Number(env.PORT ?? 3000);
const realtimePort = Number(env.REALTIME_PORT ?? 3001);
const workersPort = Number(env.WORKERS_PORT ?? 3002);
const host = env.HOST ?? '0.0.0.0';
// Browsers may write from the app's own address, whatever port it was given.
env.APP_ORIGINS ??= `http://localhost:${port},http://127.0.0.1:${port}`;
env.WEB_DIST_DIR ??= `${root}web/dist`;
// Readable logs for a person at a terminal; JSON lines for anything else.
env.LOG_FORMAT ??= process.stdout.isTTY ? 'pretty' : 'json';
const READY_WITHIN_MS = 90_000;

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function step(title, cmd, args) {
  console.log(`\n> ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function portIsFree(p) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.once('listening', () => probe.close(() => resolve(true)));
    probe.listen(p, host);
  });
}

const ports = [['PORT', port], ['REALTIME_PORT', realtimePort], ...(workersPort ? [['WORKERS_PORT', workersPort]] : [])];
for (const [name, p] of ports) {
  if (!(await portIsFree(p))) fail(`Port ${p} is already in use by another program: stop it, or set ${name} to a free port.`);
}

if (prebuilt) {
  for (const entry of ['api/dist/server.js', 'realtime/dist/server.js', 'workers/dist/main.js', 'infra/dist/prepare-cli.js', 'web/dist/index.html']) {
    if (!existsSync(`${root}${entry}`)) fail(`${entry} is missing: run \`npm run build\` first (or use \`npm start\`, which builds).`);
  }
} else {
  step('Building the services and the web app', 'node', ['infra/scripts/build.mjs']);
}
step('Checking PostgreSQL and Redis, migrating, seeding demo data', 'node', ['infra/dist/prepare-cli.js']);

const services = [
  ['api', 'api/dist/server.js'],
  ['realtime', 'realtime/dist/server.js'],
  ['workers', 'workers/dist/main.js'],
];
let stopping = false;
const ready = { api: false, realtime: false, workers: false };
const children = services.map(([name, entry]) => {
  const child = spawn(process.execPath, ['--enable-source-maps', entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        // With their status server turned off (WORKERS_PORT=0) the workers' own "running" line is their readiness.
        if (name === 'workers' && !workersPort && line.includes('workers running')) ready.workers = true;
        process.stdout.write(prefix + line + '\n');
      }
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${prefix}exited (${signal ?? code}); stopping everything`);
      stop(1);
    }
  });
  return child;
});

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 12_000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
// If this launcher is killed outright its children must not live on as orphans holding the ports.
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
});

const answers = async (url) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
};

const url = `http://localhost:${port}`;
const deadline = Date.now() + READY_WITHIN_MS;
while (!stopping && Date.now() < deadline && !(ready.api && ready.realtime && ready.workers)) {
  // The ports were free before the children started, so what answers on them now is ours.
  ready.api ||= await answers(`http://127.0.0.1:${port}/readyz`);
  ready.realtime ||= await answers(`http://127.0.0.1:${realtimePort}/healthz`);
  if (workersPort) ready.workers ||= await answers(`http://127.0.0.1:${workersPort}/healthz`);
  await new Promise((r) => setTimeout(r, 500));
}
if (!stopping && !(ready.api && ready.realtime && ready.workers)) {
  const late = Object.entries(ready).filter(([, ok]) => !ok).map(([name]) => name);
  console.error(`\nNot ready after ${READY_WITHIN_MS / 1000} s: ${late.join(', ')}. Stopping.\n`);
  stop(1);
} else if (!stopping) {
  console.log(`
  Car auction marketplace is running at ${url}

  Demo logins (sample accounts):
    Dealer (standard)   demo@carbid.example       / demo-password
    Collector (premium) collector@carbid.example  / collector-password
    Admin portal        ${url}/admin/login  admin@carbid.example / admin-password

  Press Ctrl+C to stop.
`);
}
