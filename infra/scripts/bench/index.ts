// `npm run bench`: the product's hot paths next to the raw limits of the same Postgres and Redis, in one run.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { bidThroughput } from './bid-throughput.js';
import { chatPollLatency } from './chat-poll.js';
import { closeLateness } from './close-lateness.js';
import { fanoutLatency } from './fanout-latency.js';
import { hotRowUpdatesPerSecond } from './hot-row.js';
import { valuationBench, valuationReport } from './valuation.js';
import { forumSearchBench, forumSearchReport } from './forum-search.js';
import { dropRedisPrefix } from '../../src/redis-connection.js';
import { ensureServicesBuilt } from './ensure-built.js';
import { REDIS_URL, createBenchAuction, createBenchDatabase, createBidders, startProcess, stopProcess } from './setup.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_ONLY=bids measures only the hot-auction bid rates (with and without maximums). */
const ONLY_BIDS = process.env.BENCH_ONLY === 'bids';
const CONCURRENCY = 32;
const apiPort = 3900 + Math.floor(Math.random() * 50);
const rtPort = apiPort + 50;
const baseUrl = `http://127.0.0.1:${apiPort}`;
const realtimeUrl = `http://127.0.0.1:${rtPort}`;
const origin = baseUrl;
const prefix = `bench${randomBytes(3).toString('hex')}:`;

const db = await createBenchDatabase();
const env = {
  DATABASE_URL: db.url,
  REDIS_URL,
  REDIS_PREFIX: prefix,
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  REALTIME_PORT: String(rtPort),
  APP_ORIGINS: origin,
  DB_POOL_SIZE: '10',
  // A load generator is one address sending as 32 bidders; the protective limits would otherwise be what is measured.
  RATE_LIMIT_SCALE: '1000',
};
ensureServicesBuilt();
const api = await startProcess('api', env, `${baseUrl}/healthz`);
const realtime = await startProcess('realtime', env, `${realtimeUrl}/healthz`);
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.log(line);
};

try {
  const redis = new Redis(REDIS_URL);
  const bareRedis = await redisPublishRate(redis, SECONDS / 2);
  redis.disconnect();

  const bare = await hotRowUpdatesPerSecond(db.sql, CONCURRENCY, SECONDS);
  const bidders = await createBidders(db.sql, CONCURRENCY, 'tp');
  const hotAuction = await createBenchAuction(db.sql);
  const bids = await bidThroughput({ sql: db.sql, baseUrl, origin, auctionId: hotAuction, bidders, seconds: SECONDS });
  // Same run, same bidders, a fresh hot auction: half of them bid with a maximum $5,000 above their bid.
  const proxyAuction = await createBenchAuction(db.sql);
  const proxied = await bidThroughput({ sql: db.sql, baseUrl, origin, auctionId: proxyAuction, bidders, seconds: SECONDS, maxAboveBid: 5000 });
  // The plain load once more, after the variant: the first measurement also pays the fresh process's warm-up.
  const plainAgain = await bidThroughput({ sql: db.sql, baseUrl, origin, auctionId: await createBenchAuction(db.sql), bidders, seconds: SECONDS });
  const decided = (r: { acceptedPerSecond: number; refusedPerSecond: number }) => r.acceptedPerSecond + r.refusedPerSecond;
  const bidLines = [
    `| accepted bids/s, one hot auction, ${CONCURRENCY} concurrent bidders, full HTTP path | ${bids.acceptedPerSecond.toFixed(0)} (refused ${bids.refusedPerSecond.toFixed(0)}/s, p50 ${bids.p50Ms} ms, p99 ${bids.p99Ms} ms) | ${bare.toFixed(0)} bare hot-row UPDATE ... RETURNING/s at ${CONCURRENCY} | ${(bids.acceptedPerSecond / bare).toFixed(2)}x |`,
    // Maximums answer bids and so turn more of the crowd's bids away: the comparable rate is requests decided.
    `| bid requests decided/s (accepted + refused), same hot auction load, half the bidders with a maximum | ${decided(proxied).toFixed(0)} (accepted ${proxied.acceptedPerSecond.toFixed(0)}/s, stored bids incl. automatic ${proxied.storedPerSecond.toFixed(0)}/s, p50 ${proxied.p50Ms} ms, p99 ${proxied.p99Ms} ms) | ${decided(bids).toFixed(0)} before and ${decided(plainAgain).toFixed(0)} after it without maximums (p50 ${plainAgain.p50Ms} ms, p99 ${plainAgain.p99Ms} ms), same run | ${(decided(proxied) / decided(bids)).toFixed(2)}x / ${(decided(proxied) / decided(plainAgain)).toFixed(2)}x |`,
  ];
  if (ONLY_BIDS) {
    report(`\n## Bid rates (${new Date().toISOString()}, ${SECONDS} s per measurement)\n`);
    report('| measurement | product | compared with, same run | ratio |');
    report('|---|---|---|---|');
    for (const line of bidLines) report(line);
  } else {

    const fanAuction = await createBenchAuction(db.sql);
    const fan = await fanoutLatency({
      baseUrl, realtimeUrl, origin, auctionId: fanAuction, cookie: bidders[0]!.cookie, sockets: 1000, bids: 100, startAmount: 1000,
    });

    const chatAuction = await createBenchAuction(db.sql);
    const [last] = await db.sql<{ id: string }[]>`
      insert into chat_messages (auction_id, message) select ${chatAuction}, 'seed ' || g from generate_series(1, 200) g returning id`
      .then((rows) => rows.slice(-1));
    const chat = await chatPollLatency({
      baseUrl, origin, auctionId: chatAuction, afterId: Number(last!.id), writerCookie: bidders[1]!.cookie, pollers: 500, seconds: SECONDS * 2,
    });

    const lateness = await closeLateness({ sql: db.sql, env, auctions: 500, bidderId: bidders[2]!.id });
    const valuation = await valuationBench();
    const forum = await forumSearchBench({ sql: db.sql, baseUrl, posts: 50_000, perSecond: 50, seconds: SECONDS });

    report(`\n## Results (${new Date().toISOString()}, ${SECONDS} s per measurement)\n`);
    report('| measurement | product | raw limit, same run | ratio |');
    report('|---|---|---|---|');
    for (const line of bidLines) report(line);
    report(`| bid POST return -> bid.placed at 1,000 sockets | p50 ${fan.p50Ms.toFixed(1)} ms, p99 ${fan.p99Ms.toFixed(1)} ms, max ${fan.maxMs.toFixed(1)} ms (${fan.samples} deliveries, ${fan.missing} missing) | bare Redis PUBLISH: ${bareRedis.toFixed(0)}/s | - |`);
    report(`| chat poll GET ?after= at 500 pollers (1 per 2 s each, random phase) | ${chat.requestsPerSecond.toFixed(0)} req/s, p50 ${chat.p50Ms.toFixed(1)} ms, p99 ${chat.p99Ms.toFixed(1)} ms, ${chat.notModified} answered 304, ${chat.errors} errors | - | - |`);
    report(`| close lateness: 500 auctions ending within 10 s, workers process started just before | ${lateness.closed} closed (${lateness.sold} sold, with escrow), ${lateness.open} left open; closed_at - end_time p50 ${lateness.p50Ms.toFixed(0)} ms, p99 ${lateness.p99Ms.toFixed(0)} ms, max ${lateness.maxMs.toFixed(0)} ms | - | - |`);
    report(forumSearchReport(forum));
    for (const line of valuationReport(valuation)) report(line);
  }
} finally {
  await stopProcess(api);
  await stopProcess(realtime);
  await db.drop();
  await dropRedisPrefix(REDIS_URL, prefix);
}

async function redisPublishRate(redis: Redis, seconds: number): Promise<number> {
  let n = 0;
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    await Promise.all(Array.from({ length: CONCURRENCY }, () => redis.publish(`${prefix}bench`, 'x')));
    n += CONCURRENCY;
  }
  return n / seconds;
}
