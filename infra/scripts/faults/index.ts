// `npm run test:faults`: the product on a Redis and a Postgres of its own, under steady load (bidders, sockets, chat),
// while faults are injected one at a time. After each: every acknowledged bid is stored, the auction's price is the
// highest accepted bid, every socket's state equals the database, no socket got an event twice or out of order,
// auctions that fell due during the fault are closed exactly once within 5 s of its end, no request hung over 5 s,
// and every process is back without a manual step. Prints one row per fault; exits 1 if any check failed.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSql } from '../../src/index.js';
import { createBenchAuction, createBidders, freePort } from '../bench/setup.js';
import { installCommand, serverBinaries, startPostgres, startRedis } from '../own-servers.mjs';
import { startProduct } from './supervised-product.js';
import { Watcher, joinStorm, startBidding, startChat } from './load.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
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

console.log('Starting a Redis and a Postgres cluster of our own...');
const { postgresBin, redisServer, missing } = serverBinaries(['postgres', 'redis']);
if (!postgresBin || !redisServer) {
  console.error(
    `The fault suite runs servers of its own: install them (${installCommand(missing) ?? missing.join(', ')}).`,
  );
  process.exit(1);
}
// Redis starts with AOF on, as in production; a fault turns it off for one restart.
// Readable by all: run as root, Postgres runs as the postgres user, who must reach its folder.
const scratch = mkdtempSync(join(tmpdir(), 'faults-'));
chmodSync(scratch, 0o755);
const redis = await startRedis({ bin: redisServer, dir: join(scratch, 'redis'), aof: true });
const pg = await startPostgres({ bin: postgresBin, dir: join(scratch, 'postgres'), durable: true });
const pgUrl = pg.url('auction');
const [apiPort, rtPort, rt2Port, workersPort] = [
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
];
const apiUrl = `http://127.0.0.1:${apiPort}`;
const rtUrl = `http://127.0.0.1:${rtPort}`;
const rt2Url = `http://127.0.0.1:${rt2Port}`;
const env = {
  DATABASE_URL: pgUrl,
  REDIS_URL: redis.url,
  REDIS_PREFIX: 'faults:',
  PORT: String(apiPort),
  REALTIME_PORT: String(rtPort),
  WORKERS_PORT: String(workersPort),
  HOST: '127.0.0.1',
  APP_ORIGINS: apiUrl,
  LOG_FORMAT: 'json',
  LOG_LEVEL: process.env.FAULTS_VERBOSE ? 'info' : 'warn',
  RATE_LIMIT_SCALE: '1000',
};
const prepared = spawnSync(process.execPath, ['infra/dist/prepare-cli.js'], {
  cwd: root,
  env: { ...process.env, ...env },
  encoding: 'utf8',
});
if (prepared.status !== 0) {
  console.error(prepared.stdout, prepared.stderr);
  process.exit(1);
}
const product = startProduct(
  env,
  {
    api: `${apiUrl}/readyz`,
    realtime: `${rtUrl}/healthz`,
    realtime2: `${rt2Url}/healthz`,
    workers: `http://127.0.0.1:${workersPort}/healthz`,
  },
  { realtime2: { REALTIME_PORT: String(rt2Port) } },
);
const sql = createSql(pgUrl, { max: 4 });
let failed = false;
const rows: string[] = [];

try {
  await product.waitHealthy(90_000);
  const bidders = await createBidders(sql, 20, 'faults');
  const hot = [await createBenchAuction(sql), await createBenchAuction(sql), await createBenchAuction(sql)];
  // Half the sockets on each gateway: an event must reach both, once.
  const watchers = Array.from(
    { length: WATCHERS },
    (_, i) => new Watcher(i % 2 ? rt2Url : rtUrl, hot[i % hot.length]!, apiUrl),
  );
  const bidding = startBidding(apiUrl, bidders, hot, 6, 150);
  const chat = startChat(apiUrl, bidders, hot[0]!, 500);
  await sleep(3000);

  const faults: { name: string; inject(): Promise<void> }[] = [
    { name: 'Redis restart without persistence', inject: () => redis.restart({ aof: false }) },
    { name: 'Redis restart with AOF', inject: () => redis.restart({ aof: true }) },
    { name: 'Redis SIGSTOP 10 s', inject: async () => (redis.freeze(), await sleep(10_000), redis.thaw()) },
    { name: 'Postgres fast restart', inject: async () => pg.restart() },
    {
      name: 'Postgres immediate stop, 3 s down',
      inject: async () => (pg.stop('immediate'), await sleep(3000), pg.start()),
    },
    { name: 'kill -9 api', inject: async () => product.kill9('api') },
    { name: 'kill -9 workers', inject: async () => product.kill9('workers') },
    { name: 'kill -9 gateway', inject: async () => product.kill9('realtime') },
    {
      name: 'SIGSTOP one of two gateways 10 s',
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
      name: `reconnect storm: ${STORM} sockets lose their gateway at once`,
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

  const only = process.env.FAULTS_ONLY;
  for (const fault of faults.filter((f) => !only || f.name.toLowerCase().includes(only.toLowerCase()))) {
    console.log(`\n> ${fault.name}`);
    const ackedBefore = bidding.rec.acked.length;
    const slowBefore = bidding.rec.slowOver5s;
    const dupBefore = watchers.reduce((n, w) => n + w.duplicates, 0);
    const oooBefore = watchers.reduce((n, w) => n + w.outOfOrder, 0);
    const restartsBefore = Object.values(product.restarts()).reduce((a, b) => a + b, 0);
    // Auctions that fall due while the fault is on.
    const closing: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await createBenchAuction(sql, 1500);
      await sql`insert into bids (auction_id, user_id, amount) values (${id}, ${bidders[i]!.id}, 2000)`;
      await sql`update auctions set current_bid = 2000, bid_count = 1 where id = ${id}`;
      closing.push(id);
    }
    const problems: string[] = [];
    try {
      await fault.inject();
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
    }
    const faultEnd = Date.now();
    let healthyMs = -1;
    try {
      healthyMs = await product.waitHealthy(30_000);
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
    }
    while (bidding.rec.lastAckAt < faultEnd && Date.now() - faultEnd < 15_000) await sleep(50);
    const bidsBackMs = bidding.rec.lastAckAt >= faultEnd ? bidding.rec.lastAckAt - faultEnd : -1;
    if (bidsBackMs < 0) problems.push('no bid accepted within 15 s of the fault ending');

    // Closing: each fell-due auction closed once, within 5 s of the fault's end (or of its own end, if later).
    const closeDeadline = faultEnd + 5000;
    let open = closing.length;
    while (open > 0 && Date.now() < closeDeadline + 500) {
      open = (
        await sql<
          { open: number }[]
        >`select count(*)::int as open from auctions where id = any(${closing}) and status = 'active'`
      )[0]!.open;
      if (open > 0) await sleep(100);
    }
    const closes = await sql<
      { id: number; closedAt: Date | null; endTime: Date; escrows: number; closedEvents: number }[]
    >`
      select a.id, a.closed_at, a.end_time,
             (select count(*)::int from escrow_transactions e where e.auction_id = a.id) as escrows,
             (select count(*)::int from outbox o where o.stream = 'auction:' || a.id and o.type = 'auction.closed') as closed_events
      from auctions a where a.id = any(${closing})`;
    let closeLateMs = 0;
    for (const c of closes) {
      if (!c.closedAt) {
        problems.push(`auction ${c.id} still open 5 s after the fault`);
        continue;
      }
      // Due during the fault, or after it if the fault was shorter than the wait for the end.
      const late = c.closedAt.getTime() - Math.max(faultEnd, c.endTime.getTime());
      closeLateMs = Math.max(closeLateMs, late);
      if (late > 5000) problems.push(`auction ${c.id} closed ${late} ms after it could be`);
      if (c.escrows !== 1 || c.closedEvents !== 1)
        problems.push(`auction ${c.id} closed ${c.closedEvents} times with ${c.escrows} escrows`);
    }

    // Quiet for a moment, then compare everything with the database.
    bidding.pause();
    await sleep(3000);
    const acked = bidding.rec.acked;
    const ids = acked.map((a) => a.id);
    const stored = (
      await sql<{ stored: number }[]>`select count(*)::int as stored from bids where id = any(${ids})`
    )[0]!.stored;
    const lost = new Set(ids).size - stored;
    if (lost > 0) problems.push(`${lost} acknowledged bids not stored`);
    const prices = await sql<{ id: number; currentBid: string; bidCount: number; top: string | null }[]>`
      select a.id, a.current_bid, a.bid_count, (select max(amount) from bids b where b.auction_id = a.id) as top from auctions a where a.id = any(${hot})`;
    for (const p of prices)
      if (p.top !== null && Number(p.currentBid) !== Number(p.top))
        problems.push(`auction ${p.id}: current_bid ${p.currentBid} but top bid ${p.top}`);
    const price = new Map(prices.map((p) => [p.id, Number(p.currentBid)]));
    const counts = new Map(prices.map((p) => [p.id, p.bidCount]));
    const wrong = watchers.filter(
      (w) => Number(w.currentBid) !== price.get(w.auctionId) || w.bidCount !== counts.get(w.auctionId),
    ).length;
    if (wrong > 0) problems.push(`${wrong} sockets show a price or bid count that is not the database's`);
    const dup = watchers.reduce((n, w) => n + w.duplicates, 0) - dupBefore;
    const ooo = watchers.reduce((n, w) => n + w.outOfOrder, 0) - oooBefore;
    if (dup > 0) problems.push(`${dup} events delivered twice to one socket`);
    if (ooo > 0) problems.push(`${ooo} events delivered out of order`);
    const hung = bidding.rec.slowOver5s - slowBefore;
    if (hung > 0) problems.push(`${hung} requests took longer than 5 s`);
    const restarts = Object.values(product.restarts()).reduce((a, b) => a + b, 0) - restartsBefore;
    bidding.resume();

    const ok = problems.length === 0;
    failed ||= !ok;
    rows.push(
      `| ${fault.name} | ${healthyMs} | ${bidsBackMs} | ${closeLateMs} | ${acked.length - ackedBefore} | ${lost} | ${dup} | ${ooo} | ${restarts} | ${ok ? 'pass' : problems.join('; ')} |`,
    );
    console.log(ok ? '  pass' : `  FAIL: ${problems.join('; ')}`);
  }

  await bidding.stop();
  await chat.stop();
  for (const w of watchers) w.close();
  const statuses = [...bidding.rec.statuses].map(([s, n]) => `${s === -1 ? 'no answer' : s}: ${n}`).join(', ');
  console.log(
    `\nBid answers over the whole run: ${statuses}; slowest ${bidding.rec.slowest} ms; chat messages posted: ${chat.sent()}`,
  );
  console.log(
    `\n| fault | all processes healthy after (ms) | first accepted bid after (ms) | due auctions closed after (ms, worst) | bids acknowledged | lost | delivered twice | out of order | processes restarted | result |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  await sql.end({ timeout: 2 }).catch(() => undefined);
  await product.stop();
  redis.stop();
  pg.stop('immediate');
  rmSync(scratch, { recursive: true, force: true });
  rmSync(pg.dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
