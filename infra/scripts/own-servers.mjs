// @ts-check
// A PostgreSQL and a Redis of our own, run from the installed server binaries on free ports, with their files in a
// folder of our choosing. `npm start` and `npm test` run them when none answers at the default address (stores.mjs);
// the fault suite runs them so it can stop, freeze and crash them without touching anyone else's.
// Both servers run detached (Postgres through pg_ctl, Redis daemonized) and every stop is synchronous, so a launcher
// can stop them from an 'exit' handler, and a guard process can stop them after the launcher is killed.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createConnection, createServer } from 'node:net';
import { basename, delimiter, join } from 'node:path';
import { installDebianPackages } from './debian-packages.mjs';

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** @param {number} ms */
const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** @returns {Promise<number>} a TCP port nothing listens on at this moment */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Whether something accepts a TCP connection at host:port.
 * @param {string} host
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function listens(host, port, timeoutMs = 3000) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    /** @param {boolean} ok */
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

// ---- Finding and installing the binaries

/** @param {string} parent @param {RegExp} name @returns {string[]} newest version first */
function versionedBinDirs(parent, name) {
  if (!existsSync(parent)) return [];
  const version = (/** @type {string} */ n) => Number(n.replace(/\D/g, ''));
  return readdirSync(parent)
    .filter((n) => name.test(n))
    .sort((a, b) => version(b) - version(a))
    .map((n) => join(parent, n, 'bin'));
}
const pathDirs = () => (process.env.PATH ?? '').split(delimiter).filter(Boolean);

/** The folder holding initdb, pg_ctl and postgres: Debian's newest, Homebrew's, or one on PATH. */
export function findPostgresBin() {
  const dirs = [
    ...versionedBinDirs('/usr/lib/postgresql', /^\d+$/),
    ...versionedBinDirs('/opt/homebrew/opt', /^postgresql@\d+$/),
    ...versionedBinDirs('/usr/local/opt', /^postgresql@\d+$/),
    ...pathDirs(),
  ];
  return dirs.find((d) => ['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(join(d, tool)))) ?? null;
}

export function findRedisServer() {
  return (
    pathDirs()
      .map((d) => join(d, 'redis-server'))
      .find((p) => existsSync(p)) ?? null
  );
}

/** @typedef {'postgres' | 'redis'} Server */
/** The distribution's package names, and the command that installs them, where we know it. */
const DEBIAN = {
  present: '/usr/bin/apt-get',
  install: 'sudo apt-get install -y',
  postgres: 'postgresql',
  redis: 'redis-server',
};
const PACKAGE_MANAGERS = [
  DEBIAN,
  { present: '/usr/bin/dnf', install: 'sudo dnf install -y', postgres: 'postgresql-server', redis: 'redis' },
  { present: 'brew', install: 'brew install', postgres: 'postgresql@16', redis: 'redis' },
];

/**
 * The command a person runs to install these servers on this machine, or null where we do not know it.
 * @param {Server[]} servers
 */
export function installCommand(servers) {
  const manager = PACKAGE_MANAGERS.find((m) =>
    m.present.startsWith('/') ? existsSync(m.present) : pathDirs().some((d) => existsSync(join(d, m.present))),
  );
  if (!manager) return null;
  const command = `${manager.install} ${servers.map((s) => manager[s]).join(' ')}`;
  return process.getuid?.() === 0 ? command.replace(/^sudo /, '') : command;
}

/**
 * The binaries of the servers asked for. Missing ones are installed first when this user may (root with apt-get);
 * what is still missing is listed in `missing`.
 * @param {Server[]} servers
 */
export function serverBinaries(servers) {
  const find = () => ({
    postgresBin: servers.includes('postgres') ? findPostgresBin() : null,
    redisServer: servers.includes('redis') ? findRedisServer() : null,
  });
  let found = find();
  const missing = () => servers.filter((s) => !(s === 'postgres' ? found.postgresBin : found.redisServer));
  if (
    missing().length &&
    installDebianPackages(
      missing().map((s) => DEBIAN[s]),
      'the database servers',
    )
  )
    found = find();
  return { ...found, missing: missing() };
}

// ---- Processes

/** @param {number} pid */
function running(pid) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
  }
  // An exited daemon nobody has reaped yet is gone for our purposes.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** @param {number} pid @param {NodeJS.Signals} signal */
function signal(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** @param {string} pidFile @param {NodeJS.Signals} name */
function signalPidFile(pidFile, name) {
  const pid = readPid(pidFile);
  if (pid) signal(pid, name);
}

/** @param {string} pidFile @returns {number | null} */
function readPid(pidFile) {
  try {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

// ---- PostgreSQL

/** @typedef {{ name: string, uid: number, gid: number, home: string }} SystemUser */

/** As root: the unprivileged user Postgres runs as (it refuses to run as root). */
export function postgresUser() {
  if (process.getuid?.() !== 0) return null;
  const users = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .filter((f) => f.length >= 7)
    .map(([name, , uid, gid, , home]) => ({ name: name ?? '', uid: Number(uid), gid: Number(gid), home: home ?? '/' }));
  const user = users.find((u) => u.name === 'postgres') ?? users.find((u) => u.name === 'nobody');
  if (!user) throw new Error('running as root, and there is no postgres or nobody user for PostgreSQL to run as');
  return user;
}

/**
 * Runs one of Postgres's tools, as `user` when given.
 * @param {{ bin: string, user: SystemUser | null, cwd: string }} where
 * @param {string} tool
 * @param {string[]} args
 */
function postgresTool({ bin, user, cwd }, tool, args) {
  const [cmd, ...rest] = user
    ? ['runuser', '-u', user.name, '--', join(bin, tool), ...args]
    : [join(bin, tool), ...args];
  return spawnSync(/** @type {string} */ (cmd), rest, { cwd, encoding: 'utf8' });
}

/**
 * Stops the cluster whose data is in `dir`/data if it runs; `immediate` is a crash (no checkpoint, recovery on start).
 * @param {{ bin: string, dir: string, user: SystemUser | null }} cluster
 */
export function stopPostgresCluster({ bin, dir, user }, mode = 'fast') {
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'postmaster.pid'))) return;
  const where = { bin, user, cwd: dir };
  if (postgresTool(where, 'pg_ctl', ['status', '-D', data]).status === 0)
    postgresTool(where, 'pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '60']);
}

/**
 * A Postgres cluster with its files in `dir` (data in `dir`/data, made by initdb when new), on 127.0.0.1 on a free
 * port, superuser `postgres` with trust authentication. As root it runs as the `postgres` user (or `nobody`), who then
 * owns `dir`; if that user cannot reach `dir` (a checkout in root's home), the files go to that user's home instead, and
 * `dir` on the result says where. `durable: false` turns crash safety off: for throwaway data, much faster.
 * @param {{ bin: string, dir: string, durable: boolean }} options
 */
export async function startPostgres({ bin, dir: wanted, durable }) {
  const port = await freePort();
  const user = postgresUser();
  let dir = wanted;
  mkdirSync(dir, { recursive: true });
  if (user) {
    chownSync(dir, user.uid, user.gid);
    if (spawnSync('runuser', ['-u', user.name, '--', 'test', '-w', dir]).status !== 0) {
      const digest = createHash('sha256').update(wanted).digest('hex').slice(0, 8);
      dir = join(user.home, `${basename(wanted)}-${digest}`);
      mkdirSync(dir, { recursive: true });
      chownSync(dir, user.uid, user.gid);
    }
  }
  const cluster = { bin, dir, user };
  const data = join(dir, 'data');
  /** @param {string} tool @param {string[]} args */
  const run = (tool, args) => {
    const r = postgresTool({ bin, user, cwd: dir }, tool, args);
    if (r.status !== 0) throw new Error(`${tool} failed: ${(r.stderr || r.stdout || r.error?.message || '').trim()}`);
  };
  if (!existsSync(join(data, 'PG_VERSION'))) {
    rmSync(data, { recursive: true, force: true });
    run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-instructions',
    ]);
  }
  // A server still running on this data (its launcher was killed before its guard could act) is stopped first.
  stopPostgresCluster(cluster);
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    // No Unix socket: its path would have to fit in 107 bytes, and everything here connects over TCP.
    "-c unix_socket_directories=''",
    '-c max_connections=200',
    ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  /** @param {string[]} args */
  const pgctl = (...args) =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', settings, '-w', '-t', '60', ...args]);
  pgctl('start');
  return {
    cluster,
    dir,
    port,
    /** @param {string} database */
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => pgctl('start'),
    restart: () => pgctl('-m', 'fast', 'restart'),
    /** @param {'fast' | 'immediate'} [mode] */
    stop: (mode) => stopPostgresCluster(cluster, mode),
  };
}

// ---- Redis

/**
 * Sends one inline command and resolves with the raw reply ('' when there is none within the timeout).
 * @param {number} port
 * @param {string} command
 * @returns {Promise<string>}
 */
function redisReply(port, command, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let text = '';
    /** @param {string} reply */
    const done = (reply) => {
      socket.destroy();
      resolve(reply);
    };
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => done(''));
    socket.once('error', () => done(''));
    socket.once('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (chunk) => {
      text += chunk;
      const bulk = /^\$(\d+)\r\n/.exec(text);
      if (bulk ? text.length >= bulk[0].length + Number(bulk[1]) + 2 : text.includes('\r\n')) done(text);
    });
  });
}

/**
 * Stops the Redis whose pid file this is, if it still runs, and waits until it has gone.
 * @param {string} pidFile
 */
export function stopRedis(pidFile) {
  const pid = readPid(pidFile);
  if (!pid || !running(pid)) return;
  // A pid file outlives its process and pids are reused: only a redis-server is stopped.
  if (existsSync(`/proc/${pid}/cmdline`) && !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('redis-server'))
    return;
  signal(pid, 'SIGCONT');
  signal(pid, 'SIGTERM');
  for (let waited = 0; running(pid) && waited < 15_000; waited += 50) sleepSync(50);
  if (running(pid)) signal(pid, 'SIGKILL');
}

/**
 * A Redis on 127.0.0.1 on a free port with its files in `dir`. With `aof` every write is logged to disk and survives a
 * restart; without, it keeps nothing.
 * @param {{ bin: string, dir: string, aof: boolean }} options
 */
export async function startRedis({ bin, dir, aof }) {
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  const pidFile = join(dir, 'redis.pid');
  const log = join(dir, 'redis.log');
  // One left running here by a launcher that was killed before its guard could act.
  stopRedis(pidFile);
  /** @param {boolean} withAof */
  const start = async (withAof) => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--daemonize', 'yes', '--pidfile', pidFile];
    args.push('--logfile', log, '--dir', dir, '--save', '', '--appendonly', withAof ? 'yes' : 'no');
    const r = spawnSync(bin, args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`redis-server failed: ${(r.stderr || r.stdout || '').trim()}`);
    for (let i = 0; i < 400; i += 1) {
      if ((await redisReply(port, 'PING')).startsWith('+PONG')) return;
      await sleep(50);
    }
    throw new Error(`redis-server did not answer on port ${port} (its log: ${log})`);
  };
  await start(aof);
  return {
    dir,
    pidFile,
    port,
    url: `redis://127.0.0.1:${port}`,
    /**
     * Stops it and starts it again on the same port. With `aof` what it holds is written out first and read back; without,
     * it comes back empty.
     * @param {{ aof: boolean }} options
     */
    async restart({ aof: withAof }) {
      if (withAof) {
        await redisReply(port, 'BGREWRITEAOF');
        while (/aof_rewrite_(in_progress|scheduled):1/.test(await redisReply(port, 'INFO persistence')))
          await sleep(50);
      }
      stopRedis(pidFile);
      if (!withAof) rmSync(join(dir, 'appendonlydir'), { recursive: true, force: true });
      await start(withAof);
    },
    freeze: () => signalPidFile(pidFile, 'SIGSTOP'),
    thaw: () => signalPidFile(pidFile, 'SIGCONT'),
    stop: () => stopRedis(pidFile),
  };
}
