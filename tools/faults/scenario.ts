// The product under steady load on a given set of stores: its processes (supervised), bidders on three hot auctions,
// chat, and sockets on both gateways. The fault suite runs one per topology (single servers; the HA stores).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createSql, type Sql } from '@app/infra';
import { createBenchAuction, createBidders, freePort } from '../bench/setup.js';
import { startProduct, type Product } from './supervised-product.js';
import { Watcher, startBidding, startChat, type Bidder } from './load.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Scenario {
  sql: Sql;
  product: Product;
  bidders: Bidder[];
  hot: number[];
  watchers: Watcher[];
  bidding: ReturnType<typeof startBidding>;
  apiUrl: string;
  rtUrl: string;
  stop(): Promise<void>;
}

/** `stores`: DATABASE_URL and the Redis variables the processes get. */
export async function startScenario(stores: Record<string, string>, sockets: number): Promise<Scenario> {
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
    ...stores,
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
  if (prepared.status !== 0) throw new Error(`prepare failed:\n${prepared.stdout}\n${prepared.stderr}`);
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
  // The suite's own client takes the same URL as the product: with several servers, it too follows the primary.
  const sql = createSql(stores.DATABASE_URL!, { max: 4 });
  try {
    await product.waitHealthy(90_000);
    const bidders = await createBidders(sql, 20, 'faults');
    const hot = [await createBenchAuction(sql), await createBenchAuction(sql), await createBenchAuction(sql)];
    // Half the sockets on each gateway: an event must reach both, once.
    const watchers = Array.from(
      { length: sockets },
      (_, i) => new Watcher(i % 2 ? rt2Url : rtUrl, hot[i % hot.length]!, apiUrl),
    );
    const bidding = startBidding(apiUrl, bidders, hot, 6, 150);
    const chat = startChat(apiUrl, bidders, hot[0]!, 500);
    await sleep(3000);
    return {
      sql,
      product,
      bidders,
      hot,
      watchers,
      bidding,
      apiUrl,
      rtUrl,
      async stop() {
        await bidding.stop();
        await chat.stop();
        for (const w of watchers) w.close();
        const statuses = [...bidding.rec.statuses].map(([s, n]) => `${s === -1 ? 'no answer' : s}: ${n}`).join(', ');
        console.log(
          `\nBid answers over this run: ${statuses}; slowest ${bidding.rec.slowest} ms; chat messages posted: ${chat.sent()}`,
        );
        await sql.end({ timeout: 2 }).catch(() => undefined);
        await product.stop();
      },
    };
  } catch (err) {
    await sql.end({ timeout: 2 }).catch(() => undefined);
    await product.stop();
    throw err;
  }
}
