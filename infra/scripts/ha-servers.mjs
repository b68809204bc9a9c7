// @ts-check
// The highly available stores, run from the installed binaries for the fault suite: Postgres as a primary and a
// synchronous standby managed by Patroni (with one etcd as its consensus store), and Redis as a master, a replica and
// three sentinels. Every process runs detached with its files in a folder of the caller's; stop() ends them all.
// docs/operations.md describes the same topology as it runs in production (compose's `ha` profile).
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installDebianPackages } from './debian-packages.mjs';
import { freePort, listens } from './own-servers.mjs';

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The binaries of the failover managers, installed first when this user may (root with apt-get). */
export function haBinaries() {
  const find = () => ({
    patroni: ['/usr/bin/patroni'].find(existsSync) ?? null,
    etcd: ['/usr/bin/etcd'].find(existsSync) ?? null,
    sentinel: ['/usr/bin/redis-sentinel'].find(existsSync) ?? null,
  });
  let found = find();
  const packages = { patroni: 'patroni', etcd: 'etcd-server', sentinel: 'redis-sentinel' };
  const missing = () => /** @type {(keyof typeof packages)[]} */ (Object.keys(packages)).filter((k) => !found[k]);
  if (
    missing().length &&
    installDebianPackages(
      missing().map((k) => packages[k]),
      'the failover managers',
    )
  )
    found = find();
  return { ...found, missing: missing().map((k) => packages[k]) };
}

/**
 * A detached process whose output goes to `log`; as `user` when given (set directly, not through runuser, so the pid
 * returned is the server's own and a kill reaches it).
 * @param {string} cmd @param {string[]} args @param {string} log @param {{ uid: number, gid: number, home: string } | null} [user]
 */
function daemon(cmd, args, log, user = null) {
  const out = openSync(log, 'a');
  if (user) chownSync(log, user.uid, user.gid);
  const child = spawn(cmd, args, {
    detached: true,
    stdio: ['ignore', out, out],
    ...(user ? { uid: user.uid, gid: user.gid, env: { ...process.env, HOME: user.home, USER: 'postgres' } } : {}),
  });
  child.unref();
  return /** @type {number} */ (child.pid);
}

/** @param {number} pid @param {NodeJS.Signals} sig */
function kill(pid, sig) {
  try {
    process.kill(pid, sig);
  } catch {
    // gone already
  }
}

/** @param {number} pid @returns {number[]} the process's children (read from /proc) */
function childrenOf(pid) {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** @param {string} url @returns {Promise<any>} */
async function getJson(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return await res.json();
  } catch {
    return null;
  }
}

/** @returns {{ name: string, uid: number, gid: number, home: string }} the postgres user (Postgres refuses root) */
function postgresUser() {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user to run Patroni as (install the postgresql package)');
  const [, , uid, gid, , home] = line.split(':');
  return { name: 'postgres', uid: Number(uid), gid: Number(gid), home: home ?? '/' };
}

/**
 * Postgres under Patroni: `nodes` members (the first bootstraps and leads, the others clone it and follow), synchronous
 * mode on, and a crashed primary failed over at once rather than restarted in place (primary_start_timeout 0).
 * @param {{ bin: string, patroni: string, etcd: string, dir: string, nodes?: number }} options
 */
export async function startPatroniCluster({ bin, patroni, etcd, dir, nodes = 2 }) {
  const root = process.getuid?.() === 0;
  const user = root ? postgresUser() : null;
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (user) chownSync(dir, user.uid, user.gid);
  const pids = /** @type {number[]} */ ([]);

  const [etcdClient, etcdPeer] = [await freePort(), await freePort()];
  const etcdDir = join(dir, 'etcd');
  mkdirSync(etcdDir, { recursive: true });
  pids.push(
    daemon(
      etcd,
      [
        '--name=e1',
        `--data-dir=${join(etcdDir, 'data')}`,
        `--listen-client-urls=http://127.0.0.1:${etcdClient}`,
        `--advertise-client-urls=http://127.0.0.1:${etcdClient}`,
        `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
        `--initial-cluster=e1=http://127.0.0.1:${etcdPeer}`,
        '--log-level=warn',
      ],
      join(etcdDir, 'etcd.log'),
    ),
  );
  for (let i = 0; !(await listens('127.0.0.1', etcdClient)); i += 1) {
    if (i > 200) throw new Error(`etcd did not start (its log: ${join(etcdDir, 'etcd.log')})`);
    await sleep(50);
  }

  /** @type {{ name: string, home: string, data: string, port: number, api: number, pid: number }[]} */
  const members = [];
  for (let i = 1; i <= nodes; i += 1) {
    const name = `pg${i}`;
    const home = join(dir, name);
    mkdirSync(home, { recursive: true, mode: 0o700 });
    if (user) chownSync(home, user.uid, user.gid);
    const member = { name, home, data: join(home, 'data'), port: await freePort(), api: await freePort(), pid: 0 };
    const config = {
      scope: 'carbid',
      name,
      log: { level: 'WARNING' },
      restapi: { listen: `127.0.0.1:${member.api}`, connect_address: `127.0.0.1:${member.api}` },
      etcd3: { hosts: [`127.0.0.1:${etcdClient}`] },
      bootstrap: {
        dcs: {
          // The leader key lives 10 s: a primary whose whole host is gone is replaced within that; a crashed Postgres
          // under a live Patroni is failed over at its next loop (1 s).
          ttl: 10,
          loop_wait: 1,
          retry_timeout: 4,
          synchronous_mode: true,
          primary_start_timeout: 0,
          postgresql: {
            use_pg_rewind: true,
            use_slots: true,
            parameters: { wal_log_hints: 'on', max_connections: 200, wal_keep_size: '256MB' },
          },
        },
        initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, { auth: 'trust' }],
      },
      postgresql: {
        listen: `127.0.0.1:${member.port}`,
        connect_address: `127.0.0.1:${member.port}`,
        data_dir: member.data,
        bin_dir: bin,
        pgpass: join(home, 'pgpass'),
        authentication: {
          superuser: { username: 'postgres' },
          replication: { username: 'postgres' },
          rewind: { username: 'postgres' },
        },
        // No Unix socket: its path would have to fit in 107 bytes, and everything here connects over TCP.
        parameters: { unix_socket_directories: '' },
        pg_hba: ['host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust'],
      },
    };
    const file = join(home, 'patroni.yml');
    // JSON is YAML: no YAML writer needed.
    writeFileSync(file, JSON.stringify(config, null, 2));
    if (user) chownSync(file, user.uid, user.gid);
    member.pid = daemon(patroni, [file], join(home, 'patroni.log'), user);
    members.push(member);
    // The first one bootstraps the cluster before the others clone it.
    if (i === 1)
      await waitFor(
        async () => (await getJson(`http://127.0.0.1:${member.api}/`))?.role === 'master',
        120_000,
        `${name} to lead`,
      );
  }

  /** @returns {Promise<{ name: string, role: string, state: string, lag?: number }[]>} */
  const cluster = async () => {
    for (const m of members) {
      const c = await getJson(`http://127.0.0.1:${m.api}/cluster`);
      if (c?.members) return c.members;
    }
    return [];
  };
  /** @returns {Promise<string | null>} the running leader's name */
  const leader = async () => (await cluster()).find((m) => m.role === 'leader' && m.state === 'running')?.name ?? null;
  /** Every member up, one leader, and a synchronous standby streaming from it. */
  const healthy = async () => {
    const ms = await cluster();
    return (
      ms.length === nodes &&
      ms.some((m) => m.role === 'leader' && m.state === 'running') &&
      ms.some((m) => m.role === 'sync_standby' && (m.state === 'streaming' || m.state === 'running'))
    );
  };
  await waitFor(healthy, 180_000, 'a synchronous standby');

  const leaderMember = async () => {
    const name = await leader();
    const m = members.find((x) => x.name === name);
    if (!m) throw new Error('no running leader');
    return m;
  };
  /** Kills a member's postmaster and its backends with -9. @param {{ data: string }} m */
  const killPostgres = (m) => {
    const pid = Number(readFileSync(join(m.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const backends = childrenOf(pid);
    kill(pid, 'SIGKILL');
    for (const b of backends) kill(b, 'SIGKILL');
  };

  return {
    dir,
    /** @param {string} database */
    url: (database) =>
      `postgres://postgres@${members.map((m) => `127.0.0.1:${m.port}`).join(',')}/${database}?target_session_attrs=primary`,
    leader,
    /** Waits until a synchronous standby streams again (after a failover, the old primary rejoins as one). */
    waitHealthy: (timeoutMs = 120_000) => waitFor(healthy, timeoutMs, 'a synchronous standby'),
    /**
     * Kills the primary's Postgres with -9 (the postmaster and every backend), as a crash or an OOM kill would, and
     * returns its member's name. Patroni on that host stays up and hands the leadership over.
     */
    async killPrimary() {
      const m = await leaderMember();
      killPostgres(m);
      return m.name;
    },
    /**
     * The primary's host lost: its Patroni and its Postgres killed with -9 at once. Nobody hands the leadership over:
     * the standby takes it when the leader key expires (ttl).
     */
    async killPrimaryHost() {
      const m = await leaderMember();
      kill(m.pid, 'SIGKILL');
      killPostgres(m);
      return m.name;
    },
    /** Starts a member's Patroni again (the host is back): it rewinds its Postgres and follows the new primary. */
    restartMember(/** @type {string} */ name) {
      const m = members.find((x) => x.name === name);
      if (!m) throw new Error(`no member ${name}`);
      m.pid = daemon(patroni, [join(m.home, 'patroni.yml')], join(m.home, 'patroni.log'), user);
    },
    stop() {
      for (const pid of [...pids, ...members.map((m) => m.pid)]) kill(pid, 'SIGKILL');
      for (const m of members) {
        if (!existsSync(join(m.data, 'postmaster.pid'))) continue;
        const args = ['stop', '-D', m.data, '-m', 'immediate', '-w', '-t', '30'];
        const [c, ...a] = user
          ? ['runuser', '-u', user.name, '--', join(bin, 'pg_ctl'), ...args]
          : [join(bin, 'pg_ctl'), ...args];
        spawnSync(/** @type {string} */ (c), a, { stdio: 'ignore' });
      }
    },
  };
}

/**
 * @param {() => Promise<boolean>} done @param {number} timeoutMs @param {string} what
 * @returns {Promise<number>} how long it took
 */
async function waitFor(done, timeoutMs, what) {
  const t0 = Date.now();
  while (!(await done())) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await sleep(100);
  }
  return Date.now() - t0;
}

/**
 * Sends one command and resolves with the raw reply ('' when there is none within the timeout).
 * @param {number} port @param {string[]} command
 * @returns {Promise<string>}
 */
async function redisCall(port, command, timeoutMs = 1000) {
  const { createConnection } = await import('node:net');
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let text = '';
    const done = () => {
      socket.destroy();
      resolve(text);
    };
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, done);
    socket.once('error', done);
    socket.once('connect', () =>
      socket.write(`*${command.length}\r\n${command.map((c) => `$${Buffer.byteLength(c)}\r\n${c}\r\n`).join('')}`),
    );
    socket.on('data', (chunk) => {
      text += chunk;
      // Replies here are short: one read, or a few for an INFO or an array; stop at a pause.
      socket.setTimeout(50, done);
    });
  });
}

/**
 * Redis with Sentinel: a master, a replica and three sentinels (quorum 2) watching them as `name`. AOF on, as in
 * production. The replica is promoted by the sentinels when the master stops answering for 2 s.
 * @param {{ bin: string, sentinel: string, dir: string, name?: string }} options
 */
export async function startSentinelRedis({ bin, sentinel, dir, name = 'carbid' }) {
  mkdirSync(dir, { recursive: true });
  const pids = new Map();
  const nodes = [
    { id: 'a', port: await freePort() },
    { id: 'b', port: await freePort() },
  ];
  /** @param {{ id: string, port: number }} n @param {number | null} masterPort */
  const startNode = async (n, masterPort) => {
    const home = join(dir, n.id);
    mkdirSync(home, { recursive: true });
    const args = ['--port', String(n.port), '--bind', '127.0.0.1', '--dir', home, '--save', '', '--appendonly', 'yes'];
    if (masterPort) args.push('--replicaof', '127.0.0.1', String(masterPort));
    pids.set(n.id, daemon(bin, args, join(home, 'redis.log')));
    await waitFor(async () => (await redisCall(n.port, ['PING'])).startsWith('+PONG'), 20_000, `redis ${n.id}`);
  };
  await startNode(/** @type {any} */ (nodes[0]), null);
  await startNode(/** @type {any} */ (nodes[1]), /** @type {any} */ (nodes[0]).port);
  const sentinelPorts = [await freePort(), await freePort(), await freePort()];
  for (const [i, port] of sentinelPorts.entries()) {
    const home = join(dir, `sentinel${i}`);
    mkdirSync(home, { recursive: true });
    const conf = join(home, 'sentinel.conf');
    writeFileSync(
      conf,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${home}`,
        `sentinel monitor ${name} 127.0.0.1 ${/** @type {any} */ (nodes[0]).port} 2`,
        // 2 s without an answer: long enough that a busy machine's pause is not taken for a dead master.
        `sentinel down-after-milliseconds ${name} 2000`,
        `sentinel failover-timeout ${name} 10000`,
        '',
      ].join('\n'),
    );
    pids.set(`sentinel${i}`, daemon(sentinel, [conf], join(home, 'sentinel.log')));
  }
  /** @returns {Promise<number | null>} the master's port as the sentinels name it */
  const masterPort = async () => {
    for (const port of sentinelPorts) {
      const m = /\$\d+\r\n([\d.]+)\r\n\$\d+\r\n(\d+)/.exec(
        await redisCall(port, ['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name]),
      );
      if (m) return Number(m[2]);
    }
    return null;
  };
  /** The master as named, a replica online under it, and every sentinel knowing of that replica and the others. */
  const healthy = async () => {
    const port = await masterPort();
    if (!port) return false;
    const info = await redisCall(port, ['INFO', 'replication']);
    if (!/role:master/.test(info) || !/slave0:.*state=online/.test(info)) return false;
    for (const s of sentinelPorts) {
      const m = await redisCall(s, ['SENTINEL', 'MASTER', name]);
      const num = (/** @type {string} */ field) =>
        Number(new RegExp(`${field}\\r\\n\\$\\d+\\r\\n(\\d+)`).exec(m)?.[1] ?? 0);
      if (num('num-slaves') < 1 || num('num-other-sentinels') < 2) return false;
    }
    return true;
  };
  await waitFor(healthy, 60_000, 'the sentinels to see the replica and each other');

  return {
    dir,
    sentinels: sentinelPorts.map((p) => `127.0.0.1:${p}`).join(','),
    name,
    masterPort,
    waitHealthy: (timeoutMs = 60_000) => waitFor(healthy, timeoutMs, 'a replica online and known to the sentinels'),
    /** Kills the master with -9 and returns its port; `restartKilled` brings it back (the sentinels make it a replica). */
    async killMaster() {
      const port = await masterPort();
      const n = nodes.find((x) => x.port === port);
      if (!n) throw new Error('the sentinels name no master of ours');
      kill(pids.get(n.id), 'SIGKILL');
      return n.port;
    },
    /** Waits until the sentinels name a master other than `port`, and returns how long it took. */
    waitPromoted: (/** @type {number} */ port, timeoutMs = 30_000) =>
      waitFor(
        async () => {
          const now = await masterPort();
          return now !== null && now !== port;
        },
        timeoutMs,
        'the sentinels to promote the replica',
      ),
    /** Starts the killed node again, as a supervisor would, as a replica of the master the sentinels name. */
    async restartKilled(/** @type {number} */ port) {
      const n = nodes.find((x) => x.port === port);
      const now = await masterPort();
      if (n && now) await startNode(n, now);
    },
    stop() {
      for (const pid of pids.values()) kill(pid, 'SIGKILL');
    },
  };
}
