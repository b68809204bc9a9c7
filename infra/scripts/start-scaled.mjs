// `npm run start:scaled`: the scaled topology on this one machine. Two APIs, two gateways and two workers processes
// behind HAProxy (Debian's package; installed here when missing and running as root), one front door on
// BALANCER_PORT (default 8080); their queries go through PgBouncer in transaction mode on POOLER_PORT (default
// SCALED_PORT_BASE + 30; Debian's package too), unless DATABASE_POOLER_URL names a pooler already. Same stores, build,
// database preparation, readiness and restart rules as `npm start`. `--prebuilt` skips the build.
import './require-node.mjs';
import './env-file.mjs';
import { existsSync } from 'node:fs';
import { installDebianPackages } from './debian-packages.mjs';
import { findPgbouncer, poolerConfig } from './pooler.mjs';
import {
  buildAndPrepare,
  defaultLogFormat,
  DEMO_LOGINS,
  FIRST_ADMIN,
  fail,
  requireFreePorts,
  root,
  runGroup,
} from './process-group.mjs';

const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
if (!existsSync(HAPROXY)) {
  installDebianPackages(['haproxy'], 'HAProxy');
  if (!existsSync(HAPROXY))
    fail(`The scaled topology needs HAProxy at ${HAPROXY}: apt-get install haproxy (or set HAPROXY_PATH).`);
}

const ownPooler = !process.env.DATABASE_POOLER_URL;
let pgbouncer = ownPooler ? findPgbouncer() : null;
if (ownPooler && !pgbouncer) {
  installDebianPackages(['pgbouncer'], 'PgBouncer');
  pgbouncer = findPgbouncer();
  if (!pgbouncer)
    fail(
      'The scaled topology runs PgBouncer: apt-get install pgbouncer (or set PGBOUNCER_PATH, or DATABASE_POOLER_URL to a pooler of your own).',
    );
}

const prebuilt = process.argv.includes('--prebuilt');
const balancerPort = Number(process.env.BALANCER_PORT ?? 8080);
const base = Number(process.env.SCALED_PORT_BASE ?? 4000);
const apiPorts = [base, base + 1];
const gatewayPorts = [base + 10, base + 11];
const workersPorts = [base + 20, base + 21];
const poolerPort = Number(process.env.POOLER_PORT ?? base + 30);
const poolSize = Number(process.env.POOLER_POOL_SIZE || 20);
if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 500)
  fail('POOLER_POOL_SIZE must be a whole number of server connections from 1 to 500.');
const statementTimeoutMs = Number(process.env.DB_STATEMENT_TIMEOUT_MS || 15_000);
if (!Number.isInteger(statementTimeoutMs) || statementTimeoutMs < 0 || statementTimeoutMs > 600_000)
  fail('DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds from 0 to 600000.');
const url = `http://localhost:${balancerPort}`;

const env = {
  ...process.env,
  // Pages and sockets share the balancer's origin; the balancer is the one proxy whose forwarded address is believed.
  APP_ORIGINS: process.env.APP_ORIGINS ?? `http://localhost:${balancerPort},http://127.0.0.1:${balancerPort}`,
  PUBLIC_REALTIME_URL: '/',
  TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
  WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? `${root}web/dist`,
  LOG_FORMAT: process.env.LOG_FORMAT ?? defaultLogFormat(),
};

await requireFreePorts(
  [
    ['BALANCER_PORT', balancerPort],
    ...(ownPooler ? [['POOLER_PORT', poolerPort]] : []),
    ...[...apiPorts, ...gatewayPorts, ...workersPorts].map((p) => ['SCALED_PORT_BASE', p]),
  ],
  '0.0.0.0',
);
await buildAndPrepare({ prebuilt, env });

// Made once DATABASE_URL is known (buildAndPrepare may have started a Postgres of our own). The services' queries go
// through it; the preparation above, LISTEN and the migrations' lock use DATABASE_URL directly.
const pooler = ownPooler
  ? poolerConfig({ databaseUrl: env.DATABASE_URL, port: poolerPort, statementTimeoutMs, poolSize })
  : null;
if (pooler) {
  env.DATABASE_POOLER_URL = pooler.url;
  process.on('exit', pooler.remove);
}

// The services start once the pooler they connect to listens.
const node = (entry, own) => ({
  command: process.execPath,
  args: ['--enable-source-maps', entry],
  env: { ...env, ...own },
  stage: 1,
});
await runGroup(
  [
    ...(pooler && pgbouncer
      ? [{ name: 'pooler', command: pgbouncer, args: pooler.args, env: process.env, readyLine: pooler.readyLine }]
      : []),
    ...apiPorts.map((port, i) => ({
      name: `api-${i + 1}`,
      ...node('api/dist/server.js', { PORT: String(port), HOST: '127.0.0.1' }),
      readyUrl: `http://127.0.0.1:${port}/readyz`,
    })),
    ...gatewayPorts.map((port, i) => ({
      name: `realtime-${i + 1}`,
      ...node('realtime/dist/server.js', { REALTIME_PORT: String(port), HOST: '127.0.0.1' }),
      readyUrl: `http://127.0.0.1:${port}/healthz`,
    })),
    ...workersPorts.map((port, i) => ({
      name: `workers-${i + 1}`,
      ...node('workers/dist/main.js', { WORKERS_PORT: String(port), HOST: '127.0.0.1' }),
      readyUrl: `http://127.0.0.1:${port}/healthz`,
    })),
    {
      name: 'balancer',
      command: HAPROXY,
      args: ['-db', '-f', `${root}infra/balancer/haproxy.cfg`],
      env: {
        ...process.env,
        BALANCER_BIND: '0.0.0.0',
        BALANCER_PORT: String(balancerPort),
        API_1: `127.0.0.1:${apiPorts[0]}`,
        API_2: `127.0.0.1:${apiPorts[1]}`,
        GATEWAY_1: `127.0.0.1:${gatewayPorts[0]}`,
        GATEWAY_2: `127.0.0.1:${gatewayPorts[1]}`,
      },
      readyUrl: `http://127.0.0.1:${balancerPort}/readyz`,
      stage: 1,
    },
  ],
  {
    onReady: () =>
      console.log(`
  Car auction marketplace (scaled: 2 APIs, 2 gateways, 2 workers behind HAProxy) is running at ${url}
  APIs on ${apiPorts.join(', ')}, gateways on ${gatewayPorts.join(', ')}, workers' status on ${workersPorts.join(', ')}.
  Their queries go through ${pooler ? `PgBouncer (transaction mode) on ${poolerPort}` : 'the pooler in DATABASE_POOLER_URL'}.

${env.NODE_ENV === 'production' ? FIRST_ADMIN(url) : DEMO_LOGINS(url)}

  Press Ctrl+C to stop.
`),
  },
);
