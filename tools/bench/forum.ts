// `npm run bench:forum`: the forum search measurement alone (npm run bench runs it with the others).
import { randomBytes } from 'node:crypto';
import { dropRedisPrefix } from '@app/infra';
import { forumSearchBench, forumSearchReport } from './forum-search.js';
import { ensureServicesBuilt } from './ensure-built.js';
import { REDIS_URL, createBenchDatabase, freePort, startProcess, stopProcess } from './setup.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const apiPort = await freePort();
const baseUrl = `http://127.0.0.1:${apiPort}`;
const prefix = `bench${randomBytes(3).toString('hex')}:`;
const db = await createBenchDatabase();
ensureServicesBuilt();
const api = await startProcess(
  'api',
  {
    DATABASE_URL: db.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    APP_ORIGINS: baseUrl,
    RATE_LIMIT_SCALE: '1000',
  },
  `${baseUrl}/healthz`,
);
try {
  const r = await forumSearchBench({ sql: db.sql, baseUrl, posts: 50_000, perSecond: 50, seconds: SECONDS });
  console.log(`seeded ${r.posts} posts in ${r.seedSeconds.toFixed(1)} s`);
  console.log('| measurement | product | raw limit, same run | ratio |\n|---|---|---|---|');
  console.log(forumSearchReport(r));
} finally {
  await stopProcess(api);
  await db.drop();
  await dropRedisPrefix(REDIS_URL, prefix);
}
