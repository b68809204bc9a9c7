// @ts-check
// Where `npm start` and `npm test` find PostgreSQL and Redis. An explicit URL is used as is and must answer; it is never
// replaced. Unset, the server at the default address is used when something answers there; when nothing does, one of
// our own is started from the installed binaries (installed first when missing and this user may), and stopped when
// this process exits, or, should it be killed, by a guard process.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installCommand, listens, serverBinaries, startPostgres, startRedis } from './own-servers.mjs';

/** @typedef {(message: string) => never} Fail */

/**
 * A port number from a variable, or the fallback when it is unset.
 * @param {Record<string, string | undefined>} env @param {string} name @param {number} fallback @param {Fail} fail
 */
function portFrom(env, name, fallback, fail) {
  const value = env[name];
  if (!value) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    fail(`${name} must be a port number (1-65535), not "${value}".`);
  return port;
}

/**
 * The host and port a store URL points at, or the one line saying what is wrong with it.
 * @param {string} value @param {string} variable @param {number} defaultPort @param {Fail} fail
 */
function addressOf(value, variable, defaultPort, fail) {
  let url;
  try {
    url = new URL(value);
  } catch {
    fail(`${variable} is not a URL.`);
  }
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port || defaultPort) };
}

/**
 * Fills in the store URLs of `env`: `postgres.variable` (naming database `postgres.database`) and REDIS_URL, starting
 * servers of our own for those that are unset and that nothing answers for at the default address (127.0.0.1 on
 * DEFAULT_DATABASE_PORT, 5432, and DEFAULT_REDIS_PORT, 6379). Their files go to `dir` (`postgres/`, `redis/`): kept
 * when `durable`, otherwise throwaway (no fsync, no Redis log) and removed with the servers.
 * @param {Record<string, string | undefined>} env
 * @param {{ postgres: { variable: string, database: string }, dir: string, durable: boolean, fail: Fail }} options
 */
export async function provideStores(env, { postgres, dir, durable, fail }) {
  const stores = [
    {
      server: /** @type {const} */ ('postgres'),
      name: 'PostgreSQL',
      variable: postgres.variable,
      standardPort: 5432,
      defaultPort: portFrom(env, 'DEFAULT_DATABASE_PORT', 5432, fail),
    },
    {
      server: /** @type {const} */ ('redis'),
      name: 'Redis',
      variable: 'REDIS_URL',
      standardPort: 6379,
      defaultPort: portFrom(env, 'DEFAULT_REDIS_PORT', 6379, fail),
    },
  ];
  const urlAt = (/** @type {'postgres' | 'redis'} */ server, /** @type {number} */ port) =>
    server === 'postgres' ? `postgres://postgres@127.0.0.1:${port}/${postgres.database}` : `redis://127.0.0.1:${port}`;

  const own = [];
  for (const store of stores) {
    const explicit = env[store.variable];
    if (explicit) {
      const { host, port } = addressOf(explicit, store.variable, store.standardPort, fail);
      if (host && !(await listens(host, port)))
        fail(
          `Nothing answers at ${host}:${port}, where ${store.variable} points: start that server, correct ${store.variable}, or unset it to have ${store.name} found or started for you.`,
        );
    } else if (await listens('127.0.0.1', store.defaultPort)) {
      env[store.variable] = urlAt(store.server, store.defaultPort);
    } else {
      own.push(store);
    }
  }
  if (!own.length) return;

  const binaries = serverBinaries(own.map((s) => s.server));
  if (binaries.missing.length) {
    const missing = own.filter((s) => binaries.missing.includes(s.server));
    const command = installCommand(binaries.missing);
    fail(
      `Nothing answers at ${missing.map((s) => `127.0.0.1:${s.defaultPort}`).join(' or ')} and the ${missing.map((s) => s.name).join(' and ')} ${missing.length > 1 ? 'servers are' : 'server is'} not installed: ${command ? `run \`${command}\`` : 'install it'} and start again, or set ${missing.map((s) => s.variable).join(' and ')}.`,
    );
  }

  mkdirSync(dir, { recursive: true });
  holdFolder(dir, fail);
  /** @type {{ postgres?: Awaited<ReturnType<typeof startPostgres>>, redis?: Awaited<ReturnType<typeof startRedis>> }} */
  const started = {};
  const stopAll = () => {
    started.redis?.stop();
    started.postgres?.stop();
    if (!durable) for (const d of [dir, started.postgres?.dir]) if (d) rmSync(d, { recursive: true, force: true });
  };
  process.on('exit', stopAll);

  for (const store of own) {
    try {
      if (store.server === 'postgres' && binaries.postgresBin) {
        started.postgres = await startPostgres({ bin: binaries.postgresBin, dir: join(dir, 'postgres'), durable });
        env[store.variable] = started.postgres.url(postgres.database);
      } else if (store.server === 'redis' && binaries.redisServer) {
        started.redis = await startRedis({ bin: binaries.redisServer, dir: join(dir, 'redis'), aof: durable });
        env[store.variable] = started.redis.url;
      }
    } catch (err) {
      fail(`${store.name} of our own did not start: ${/** @type {Error} */ (err).message.split('\n')[0]}`);
    }
    const server = started[store.server];
    console.log(
      `${store.name}: nothing answered at 127.0.0.1:${store.defaultPort}, so one of our own runs on 127.0.0.1:${server?.port}${durable ? ` (its data in ${server?.dir})` : ''}.`,
    );
  }
  guard({
    postgres: started.postgres?.cluster,
    redisPidFile: started.redis?.pidFile,
    remove: durable ? [] : [dir, ...(started.postgres ? [started.postgres.dir] : [])],
  });
}

/**
 * One launcher at a time uses the servers of a folder: a second would stop the first one's servers as leftovers.
 * @param {string} dir @param {Fail} fail
 */
function holdFolder(dir, fail) {
  const lock = join(dir, 'launcher.pid');
  const holder = existsSync(lock) ? Number(readFileSync(lock, 'utf8')) : 0;
  let alive = false;
  try {
    alive = holder > 0 && holder !== process.pid && process.kill(holder, 0);
  } catch {
    alive = false;
  }
  if (alive)
    fail(
      `Another launcher (pid ${holder}) runs the PostgreSQL and Redis kept in ${dir}: stop it first, or set DATABASE_URL and REDIS_URL.`,
    );
  writeFileSync(lock, String(process.pid));
  process.on('exit', () => rmSync(lock, { force: true }));
}

/**
 * A process of its own that stops these servers once this one is gone, should it be killed before its exit handlers
 * run. It lives in its own session and keeps nothing here alive.
 * @param {Parameters<typeof JSON.stringify>[0]} servers
 */
function guard(servers) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./own-servers-guard.mjs', import.meta.url)), JSON.stringify(servers)],
    {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  child.unref();
  /** @type {import('node:net').Socket} */ (/** @type {unknown} */ (child.stdin)).unref();
}
