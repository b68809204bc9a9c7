// What `npm start` and `npm run start:scaled` share: refuse busy ports up front, find or start PostgreSQL and Redis,
// build and prepare the database, then run a group of processes that is "running" only once every member answers.
// A member that dies while starting, or a group not ready in time, stops everything; once running, a member that dies
// is restarted (with backoff), and the group stops only when the launcher is told to.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installDebianPackages } from './debian-packages.mjs';
import { provideStores } from './stores.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const READY_WITHIN_MS = 90_000;
/** Restart backoff: the first restart after 1 s, doubling up to 30 s while it keeps dying; back to 1 s once it stayed up. */
export const RESTART_BACKOFF = { firstMs: 1000, maxMs: 30_000, stableAfterMs: 60_000 };

/**
 * Readable logs for a person at a terminal, JSON lines for anything else. The readable printer is a development
 * package: after `npm ci --omit=dev` it is absent, and the logs stay JSON rather than the services refusing to start.
 */
export function defaultLogFormat() {
  if (!process.stdout.isTTY) return 'json';
  try {
    createRequire(`${root}infra/package.json`).resolve('pino-pretty');
    return 'pretty';
  } catch {
    return 'json';
  }
}

export function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

export function step(title, cmd, args, env) {
  console.log(`\n> ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function portIsFree(port, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.once('listening', () => probe.close(() => resolve(true)));
    probe.listen(port, host);
  });
}

/** Exits with one line naming the first port another program holds. `ports`: [variable name, port]. */
export async function requireFreePorts(ports, host) {
  for (const [name, port] of ports) {
    if (!(await portIsFree(port, host)))
      fail(`Port ${port} is already in use by another program: stop it, or set ${name} to a free port.`);
  }
}

/** Until the group runs, a stop signal ends the launcher at once; its exit handlers stop the servers it started. */
const exitOnSignal = () => process.exit(1);

/** The API rebuilds uploaded PDFs with poppler: installed when missing if this user may, otherwise one warning line. */
function requirePoppler() {
  if (existsSync('/usr/bin/pdftoppm')) return;
  installDebianPackages(['poppler-utils'], 'poppler, with which the API rebuilds uploaded PDFs');
  if (!existsSync('/usr/bin/pdftoppm'))
    console.warn('\nPDF uploads will be refused until poppler is installed: apt-get install -y poppler-utils\n');
}

/**
 * Finds or starts PostgreSQL and Redis (setting DATABASE_URL and REDIS_URL in `env`; servers of our own keep their files
 * in OWN_SERVERS_DIR, `var/` by default, and stop when this launcher does), and poppler for the API's PDF rebuilding.
 */
export async function provideServers(env) {
  process.on('SIGINT', exitOnSignal);
  process.on('SIGTERM', exitOnSignal);
  await provideStores(env, {
    postgres: { variable: 'DATABASE_URL', database: 'auction' },
    dir: resolve(root, env.OWN_SERVERS_DIR || 'var'),
    durable: true,
    fail,
  });
  requirePoppler();
}

/**
 * Finds or starts PostgreSQL and Redis (setting DATABASE_URL and REDIS_URL in `env`; servers of our own keep their
 * files in OWN_SERVERS_DIR, `var/` by default), builds (unless prebuilt, then checks the build is there), then checks
 * the services, migrates and seeds.
 */
export async function buildAndPrepare({ prebuilt, env }) {
  await provideServers(env);
  if (prebuilt) {
    for (const entry of [
      'api/dist/server.js',
      'realtime/dist/server.js',
      'workers/dist/main.js',
      'infra/dist/prepare-cli.js',
      'web/dist/index.html',
    ]) {
      if (!existsSync(`${root}${entry}`))
        fail(`${entry} is missing: run \`npm run build\` first (or use \`npm start\`, which builds).`);
    }
  } else {
    step('Building the services and the web app', 'node', ['infra/scripts/build.mjs'], env);
  }
  step(
    `Checking PostgreSQL and Redis, migrating${env.NODE_ENV === 'production' ? '' : ', seeding demo data'}`,
    'node',
    ['infra/dist/prepare-cli.js'],
    env,
  );
}

const answers = async (url) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
};

/**
 * The wait before restarting a member that died, given the previous wait (0 for none yet) and how long it had run.
 * @param {number} previousMs
 * @param {number} upForMs
 */
export function restartDelay(previousMs, upForMs) {
  if (!previousMs || upForMs >= RESTART_BACKOFF.stableAfterMs) return RESTART_BACKOFF.firstMs;
  return Math.min(previousMs * 2, RESTART_BACKOFF.maxMs);
}

/**
 * Starts every member ({ name, command, args, env, readyUrl } or { ..., readyLine }, and an optional `stage`, 0 by
 * default: a stage starts once the earlier ones are ready) with its output prefixed by its name, and resolves once all
 * are ready. The ports were free before the members started, so what answers on them is
 * ours.
 */
export async function runGroup(members, { onReady }) {
  process.off('SIGINT', exitOnSignal);
  process.off('SIGTERM', exitOnSignal);
  let stopping = false;
  let running = false;
  const ready = new Map(members.map((m) => [m.name, false]));
  const children = new Map();
  const restartTimers = new Set();
  const delays = new Map(members.map((m) => [m.name, 0]));

  const launch = (m) => {
    // Node members get an IPC channel: it closes when this launcher dies, however it dies, and they stop with it.
    const ipc = m.command === process.execPath || m.command === 'node' ? ['ipc'] : [];
    const child = spawn(m.command, m.args, { cwd: root, env: m.env, stdio: ['ignore', 'pipe', 'pipe', ...ipc] });
    const startedAt = Date.now();
    const prefix = `[${m.name}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream.on('data', (chunk) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          if (m.readyLine && line.includes(m.readyLine)) ready.set(m.name, true);
          process.stdout.write(prefix + line + '\n');
        }
      });
    }
    child.on('exit', (code, signal) => {
      if (stopping) return;
      if (!running) {
        console.error(`${prefix}exited (${signal ?? code}) while starting; stopping everything`);
        stop(1);
        return;
      }
      const delay = restartDelay(delays.get(m.name), Date.now() - startedAt);
      delays.set(m.name, delay);
      console.error(`${prefix}exited (${signal ?? code}); restarting in ${delay / 1000} s`);
      const timer = setTimeout(() => {
        restartTimers.delete(timer);
        if (stopping) return;
        const again = launch(m);
        console.error(`${prefix}restarted (pid ${again.pid})`);
      }, delay);
      restartTimers.add(timer);
    });
    children.set(m.name, child);
    return child;
  };
  // Members of a later stage start once those of earlier stages answer (the services after the pooler they connect to).
  const stages = [...new Set(members.map((m) => m.stage ?? 0))].sort((a, b) => a - b);

  const alive = (c) => c.exitCode === null && c.signalCode === null;
  function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    for (const t of restartTimers) clearTimeout(t);
    const current = [...children.values()];
    for (const c of current) if (alive(c)) c.kill('SIGTERM');
    setTimeout(() => process.exit(code), 12_000).unref();
    Promise.all(current.map((c) => (alive(c) ? new Promise((r) => c.on('exit', r)) : null))).then(() =>
      process.exit(code),
    );
  }
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  // On an ordinary exit of the launcher its children are told at once (a kill -9 is covered by their IPC channel).
  process.on('exit', () => {
    for (const c of children.values()) if (alive(c)) c.kill('SIGTERM');
  });

  const deadline = Date.now() + READY_WITHIN_MS;
  const started = [];
  const allReady = () => started.every((m) => ready.get(m.name));
  for (const stage of stages) {
    for (const m of members.filter((x) => (x.stage ?? 0) === stage)) {
      launch(m);
      started.push(m);
    }
    while (!stopping && Date.now() < deadline && !allReady()) {
      for (const m of started) if (m.readyUrl && !ready.get(m.name)) ready.set(m.name, await answers(m.readyUrl));
      await new Promise((r) => setTimeout(r, 500));
    }
    if (stopping || !allReady()) break;
  }
  if (stopping) return;
  if (started.length < members.length || !allReady()) {
    const late = [...ready].filter(([, ok]) => !ok).map(([name]) => name);
    console.error(`\nNot ready after ${READY_WITHIN_MS / 1000} s: ${late.join(', ')}. Stopping.\n`);
    stop(1);
    return;
  }
  running = true;
  onReady();
}

export const DEMO_LOGINS = (url) => `  Demo logins (sample accounts):
    Dealer (standard)   demo@carbid.example       / demo-password
    Collector (premium) collector@carbid.example  / collector-password
    Admin portal        ${url}/admin/login  admin@carbid.example / admin-password`;

/** Production has no demo accounts (infra/src/prepare-cli.ts): the first admin is made with a command. */
export const FIRST_ADMIN = (
  url,
) => `  Production mode: no demo data. Make the first admin (the password is read from standard input):
    node infra/dist/create-admin-cli.js --email you@example.com
  then sign in at ${url}/admin/login`;
