// `npm run test:faults`: the product under steady load (bidders, sockets, chat) while faults are injected one at a
// time, with every check of check-fault.ts after each. Two runs: on a Redis and a Postgres of its own (restarts,
// freezes, process kills), then on the highly available stores (Postgres under Patroni with a synchronous standby,
// Redis with Sentinel), where the primary and the master are killed with -9 and must be replaced by their managers.
// Prints one row per fault; exits 1 if any check failed. FAULTS_ONLY=<part of a name> runs the matching rows only.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installCommand, serverBinaries, startPostgres, startRedis } from '../../infra/scripts/own-servers.mjs';
import { haBinaries, startPatroniCluster, startSentinelRedis } from '../../infra/scripts/ha-servers.mjs';
import { joinStorm, Watcher } from './load.js';
import { startScenario, type Scenario } from './scenario.js';
import { checkFault, FAULT_TABLE_HEADER, type Fault } from './check-fault.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(done: () => boolean, timeoutMs: number): Promise<number> {
  const t0 = Date.now();
  while (!done()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(50);
  }
  return Date.now() - t0;
}
const WATCHERS = Number(process.env.FAULTS_SOCKETS ?? 120);
const STORM = Number(process.env.FAULTS_STORM ?? 1000);
const only = process.env.FAULTS_ONLY?.toLowerCase();
const chosen = (name: string) => !only || name.toLowerCase().includes(only);

const SINGLE_FAULTS = [
  'Redis restart without persistence',
  'Redis restart with AOF',
  'Redis SIGSTOP 10 s',
  'Postgres fast restart',
  'Postgres immediate stop, 3 s down',
  'kill -9 api',
  'kill -9 workers',
  'kill -9 gateway',
  'SIGSTOP one of two gateways 10 s',
  `reconnect storm: ${STORM} sockets lose their gateway at once`,
];
const HA_FAULTS = [
  'Postgres primary killed with -9 (Patroni)',
  "Postgres primary's host lost: its Patroni and Postgres killed with -9",
  'Redis master killed with -9 (Sentinel)',
];

const { postgresBin, redisServer, missing } = serverBinaries(['postgres', 'redis']);
if (!postgresBin || !redisServer) {
  console.error(
    `The fault suite runs servers of its own: install them (${installCommand(missing) ?? missing.join(', ')}).`,
  );
  process.exit(1);
}
// Readable by all: run as root, Postgres runs as the postgres user, who must reach its folder.
const scratch = mkdtempSync(join(tmpdir(), 'faults-'));
chmodSync(scratch, 0o755);
const rows: string[] = [];
let failed = false;
const cleanups: (() => void | Promise<void>)[] = [];

async function runFaults(s: Scenario, faults: Fault[]) {
  for (const fault of faults.filter((f) => chosen(f.name))) {
    const { row, ok } = await checkFault(s, fault);
    rows.push(row);
    failed ||= !ok;
  }
}

/** Restarts, freezes and kills on one Redis and one Postgres. */
async function singleServers() {
  console.log('Starting a Redis and a Postgres cluster of our own...');
  // Redis starts with AOF on, as in production; a fault turns it off for one restart.
  const redis = await startRedis({ bin: redisServer!, dir: join(scratch, 'redis'), aof: true });
  cleanups.push(() => redis.stop());
  const pg = await startPostgres({ bin: postgresBin!, dir: join(scratch, 'postgres'), durable: true });
  cleanups.push(() => (pg.stop('immediate'), rmSync(pg.dir, { recursive: true, force: true })));
  const s = await startScenario({ DATABASE_URL: pg.url('auction'), REDIS_URL: redis.url }, WATCHERS);
  cleanups.push(() => s.stop());
  const { product, rtUrl, apiUrl, hot, watchers } = s;
  const faults: Fault[] = [
    { name: SINGLE_FAULTS[0]!, inject: () => redis.restart({ aof: false }) },
    { name: SINGLE_FAULTS[1]!, inject: () => redis.restart({ aof: true }) },
    { name: SINGLE_FAULTS[2]!, inject: async () => (redis.freeze(), await sleep(10_000), redis.thaw()) },
    { name: SINGLE_FAULTS[3]!, inject: async () => pg.restart() },
    { name: SINGLE_FAULTS[4]!, inject: async () => (pg.stop('immediate'), await sleep(3000), pg.start()) },
    { name: SINGLE_FAULTS[5]!, inject: async () => product.kill9('api') },
    { name: SINGLE_FAULTS[6]!, inject: async () => product.kill9('workers') },
    { name: SINGLE_FAULTS[7]!, inject: async () => product.kill9('realtime') },
    {
      name: SINGLE_FAULTS[8]!,
      inject: async () => {
        product.freeze('realtime2');
        try {
          // Joins on the healthy gateway must not wait for the frozen one.
          const storm = await joinStorm(rtUrl, hot[1]!, 50, apiUrl);
          if (storm.joined !== 50 || storm.ms > 3000)
            throw new Error(`${storm.joined} of 50 joins on the healthy gateway in ${storm.ms} ms`);
          console.log(`  50 joins on the healthy gateway acknowledged in ${storm.ms} ms`);
          await sleep(10_000 - storm.ms);
        } finally {
          product.thaw('realtime2');
        }
      },
    },
    {
      // Every socket of a busy room loses its gateway at the same moment and comes back at once: the gateway restarts
      // under the storm of reconnections and rejoins, and each of them must end up with the database's state.
      name: SINGLE_FAULTS[9]!,
      inject: async () => {
        const storm = Array.from({ length: STORM }, () => new Watcher(rtUrl, hot[0]!, apiUrl));
        watchers.push(...storm);
        await waitFor(() => storm.every((w) => w.joins > 0), 60_000).catch(() => {
          throw new Error(
            `only ${storm.filter((w) => w.joins > 0).length} of ${STORM} sockets joined before the storm`,
          );
        });
        const before = storm.map((w) => w.joins);
        product.kill9('realtime');
        const ms = await waitFor(() => storm.every((w, i) => w.joins > before[i]!), 60_000).catch(() => {
          throw new Error(`only ${storm.filter((w, i) => w.joins > before[i]!).length} of ${STORM} sockets rejoined`);
        });
        console.log(`  ${STORM} sockets reconnected and rejoined ${ms} ms after their gateway was killed`);
      },
    },
  ];
  await runFaults(s, faults);
}

/** Kills -9 of the primary and of the master, on the HA stores: their managers promote the standby and the replica. */
async function highlyAvailable() {
  const ha = haBinaries();
  if (!ha.patroni || !ha.etcd || !ha.sentinel) {
    console.error(`The failover rows need Patroni, etcd and Redis Sentinel: install ${ha.missing.join(' ')}.`);
    failed = true;
    return;
  }
  console.log('\nStarting Postgres under Patroni (a primary, a synchronous standby, etcd) and Redis with Sentinel...');
  const sentinel = await startSentinelRedis({
    bin: redisServer!,
    sentinel: ha.sentinel,
    dir: join(scratch, 'ha-redis'),
  });
  cleanups.push(() => sentinel.stop());
  const pg = await startPatroniCluster({
    bin: postgresBin!,
    patroni: ha.patroni,
    etcd: ha.etcd,
    dir: join(scratch, 'ha-postgres'),
  });
  cleanups.push(() => pg.stop());
  const s = await startScenario(
    {
      DATABASE_URL: pg.url('auction'),
      // With REDIS_SENTINELS only the scheme and database of REDIS_URL count: the sentinels name the master.
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      REDIS_SENTINELS: sentinel.sentinels,
      REDIS_MASTER_NAME: sentinel.name,
    },
    WATCHERS,
  );
  cleanups.push(() => s.stop());
  let killedRedis = 0;
  let lostHost = '';
  /** Kills, then waits until Patroni names another running leader; the kill's moment and what happened. */
  const failover = async (kill: () => Promise<string>, what: string) => {
    // Timed from the signal itself, not from the leader lookup before it.
    const was = await kill();
    const since = Date.now();
    let now: string | null = null;
    while (((now = await pg.leader()) === null || now === was) && Date.now() - since < 30_000) await sleep(100);
    if (now === null || now === was) throw new Error('Patroni promoted no standby within 30 s');
    const note = `${now} promoted ${Date.now() - since} ms after ${was}'s ${what} killed`;
    console.log(`  ${note}`);
    return { since, note, was };
  };
  const faults: Fault[] = [
    {
      name: HA_FAULTS[0]!,
      inject: async () => failover(() => pg.killPrimary(), 'Postgres was'),
      // The old primary rejoins as the synchronous standby by itself (Patroni rewinds and restarts it).
      after: async () => void (await pg.waitHealthy(120_000)),
    },
    {
      name: HA_FAULTS[1]!,
      inject: async () => {
        const r = await failover(() => pg.killPrimaryHost(), 'Patroni and Postgres were');
        lostHost = r.was;
        return r;
      },
      // The host comes back: its Patroni rewinds the old primary and it follows as the synchronous standby.
      after: async () => (pg.restartMember(lostHost), void (await pg.waitHealthy(120_000))),
    },
    {
      name: HA_FAULTS[2]!,
      inject: async () => {
        killedRedis = await sentinel.killMaster();
        const since = Date.now();
        const ms = await sentinel.waitPromoted(killedRedis);
        const note = `the sentinels promoted the replica ${ms} ms after the master was killed`;
        console.log(`  ${note}`);
        return { since, note };
      },
      after: async () => (await sentinel.restartKilled(killedRedis), void (await sentinel.waitHealthy())),
    },
  ];
  await runFaults(s, faults);
}

try {
  if (SINGLE_FAULTS.some(chosen)) await singleServers();
  // The single servers' run ends before the HA run starts: the machine carries one load at a time.
  while (cleanups.length) await cleanups.pop()!();
  if (HA_FAULTS.some(chosen)) await highlyAvailable();
  console.log(['', ...FAULT_TABLE_HEADER, ...rows].join('\n'));
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
