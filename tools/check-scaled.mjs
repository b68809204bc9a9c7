// `npm run check:scaled`: starts the scaled topology (`start:scaled`: 2 APIs, 2 gateways, 2 workers behind HAProxy) on
// a database of its own, then sends 200 concurrent bids from 20 users through the balancer while one socket listens
// on each gateway directly and others connect through the balancer. It checks that every accepted bid is stored once
// and reaches the sockets of both gateways exactly once, in order, and that the balancer spread the sockets; and that
// the services' transactions went through the topology's PgBouncer in transaction mode, Postgres seeing no more
// connections than the pooler's and the direct ones (docs/operations.md: connections).
import { spawn } from 'node:child_process';
import postgres from 'postgres';
import { io } from 'socket.io-client';
import { root } from '../infra/scripts/process-group.mjs';
import { scratchEnvironment, stopGroup } from './scratch-environment.mjs';

const USERS = 20;
const BIDS = 200;
const balancerPort = Number(process.env.BALANCER_PORT ?? 8080);
const portBase = Number(process.env.SCALED_PORT_BASE ?? 4000);
const gatewayPorts = [portBase + 10, portBase + 11];
const poolerPort = Number(process.env.POOLER_PORT ?? portBase + 30);
const POOL_SIZE = 20;
const front = `http://127.0.0.1:${balancerPort}`;
const scratch = scratchEnvironment('scaled-check');
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const stack = spawn('node', ['infra/scripts/start-scaled.mjs', ...process.argv.slice(2)], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: scratch.databaseUrl,
    // The topology's own pooler, in front of the scratch database (not one the environment may name).
    DATABASE_POOLER_URL: '',
    REDIS_PREFIX: scratch.redisPrefix,
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
    // The check is a load test from one address: the protective limits are raised, the spec's own are not.
    RATE_LIMIT_SCALE: '1000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
let output = '';
stack.stdout.on('data', (c) => {
  output += c;
  if (!String(c).startsWith('[') || process.env.CHECK_VERBOSE) process.stdout.write(c);
});

let sql;
const sockets = [];
try {
  const started = Date.now();
  while (!output.includes('is running at')) {
    if (stack.exitCode !== null || Date.now() - started > 180_000)
      throw new Error(`the scaled topology did not start:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  sql = postgres(scratch.databaseUrl, { max: 4, onnotice: () => {} });

  // A fresh auction nobody else bids on, open to every member, far from its end.
  const [car] = await sql`
    insert into cars (vin, year, make, model, mileage, condition)
    values (${`SCL${String(process.pid).padStart(7, '0')}0000001`.slice(0, 17)}, 2021, 'Porsche', '911 Carrera', 9000, 'Excellent')
    returning id`;
  const [auction] = await sql`
    insert into auctions (car_id, starting_bid, current_bid, auction_type, start_time, end_time, location)
    values (${car.id}, '1000.00', '0.00', 'no-reserve', now() - interval '1 minute', now() + interval '2 hours', 'Scaled check')
    returning id`;
  const auctionId = auction.id;

  // Twenty bidders with the demo password (sign-ups from one address are limited by the product), each signed in
  // through the balancer.
  const emails = Array.from({ length: USERS }, (_, i) => `scaled-${process.pid}-${i}@example.com`);
  await sql`
    insert into users (email, name, password_hash)
    select e, 'Scaled Bidder', (select password_hash from users where email = 'demo@carbid.example') from unnest(${emails}::text[]) as e`;
  // A first bid needs a verified card on file (its hold covers the buyer's premium), as the provider's setup leaves it.
  await sql`
    insert into payment_cards (user_id, setup_intent_id, status, payment_method_id, brand, last4, verified_at)
    select id, 'seti_scaled_' || id, 'verified', 'pm_sandbox_4242_scaled_' || id, 'visa', '4242', now()
    from users where email = any(${emails}::text[])`;
  const cookies = [];
  for (const email of emails) {
    const res = await fetch(`${front}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: front },
      body: JSON.stringify({ email, password: 'demo-password' }),
    });
    if (res.status !== 200) throw new Error(`signing in ${email} answered ${res.status}: ${await res.text()}`);
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }

  const connect = (url) =>
    new Promise((resolve, reject) => {
      const s = io(url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        extraHeaders: { origin: front },
      });
      const events = [];
      // Bid state comes in auction:events packets (several of the room's events at a time, in order).
      s.on('auction:events', (packet) => events.push(...packet.filter((e) => e.type === 'bid.placed')));
      s.once('connect', () =>
        s.emit('auction:join', { auctionId }, (ack) =>
          ack?.ok ? resolve({ s, events }) : reject(new Error(`join refused: ${ack?.error}`)),
        ),
      );
      s.once('connect_error', reject);
      sockets.push(s);
    });
  // One listener on each gateway directly, and eight through the balancer (spread by it).
  const direct = await Promise.all(gatewayPorts.map((p) => connect(`http://127.0.0.1:${p}`)));
  const balanced = await Promise.all(Array.from({ length: 8 }, () => connect(front)));

  // 200 bids at once, 10 per user, each $1,000 above the one sent before it: they race through two APIs, so those
  // overtaken by a higher one are refused as too low and the rest are accepted.
  const amounts = Array.from({ length: BIDS }, (_, i) => 1000 + i * 1000);
  const answers = await Promise.all(
    amounts.map((amount, i) =>
      fetch(`${front}/api/bids`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: front, cookie: cookies[i % USERS] },
        body: JSON.stringify({ auctionId, amount }),
      }).then(async (r) => ({ status: r.status, body: await r.json() })),
    ),
  );
  const accepted = answers.filter((a) => a.status === 201);
  const unexpected = answers.filter((a) => a.status !== 201 && a.status !== 409);
  check(
    unexpected.length === 0,
    `every bid answered 201 or 409 (${unexpected.length} other: ${JSON.stringify(unexpected.slice(0, 3))})`,
  );

  await new Promise((r) => setTimeout(r, 3000));
  const [{ count }] = await sql`select count(*)::int as count from bids where auction_id = ${auctionId}`;
  check(count === accepted.length, `${accepted.length} bids accepted, ${count} stored`);
  for (const [i, { events }] of direct.entries()) {
    const amountsSeen = events.map((e) => e.amount);
    const seqs = events.map((e) => e.seq);
    const inOrder = seqs.every((s, k) => k === 0 || s > seqs[k - 1]);
    const distinct = new Set(seqs).size === seqs.length;
    check(
      events.length === accepted.length,
      `gateway ${i + 1} delivered ${events.length} bid.placed for ${accepted.length} accepted bids`,
    );
    check(inOrder && distinct, `gateway ${i + 1} delivered them once each, in sequence order`);
    const sortedAccepted = accepted.map((a) => a.body.amount).sort((a, b) => Number(a) - Number(b));
    check(
      JSON.stringify(amountsSeen) === JSON.stringify(sortedAccepted),
      `gateway ${i + 1} delivered exactly the accepted amounts, rising`,
    );
  }
  check(
    balanced.every(({ events }) => events.length === accepted.length),
    'every socket behind the balancer got every accepted bid',
  );

  // PgBouncer's console: its counts per database, and its mode.
  const consoleUrl = new URL(scratch.databaseUrl);
  consoleUrl.hostname = '127.0.0.1';
  consoleUrl.port = String(poolerPort);
  consoleUrl.pathname = '/pgbouncer';
  const pooler = postgres(consoleUrl.toString(), { max: 1, fetch_types: false, prepare: false, onnotice: () => {} });
  try {
    const database = new URL(scratch.databaseUrl).pathname.slice(1);
    const stats = (await pooler`show stats`.simple()).find((r) => r.database === database);
    const mode = (await pooler`show config`.simple()).find((r) => r.key === 'pool_mode')?.value;
    check(
      mode === 'transaction' && Number(stats?.total_xact_count) >= accepted.length,
      `the services' transactions went through PgBouncer in ${mode} mode: ${stats?.total_xact_count} for ${accepted.length} accepted bids`,
    );
  } finally {
    await pooler.end();
  }
  const [{ connections }] = await sql`
    select count(*)::int as connections from pg_stat_activity where datname = current_database()`;
  // The pooler's server connections, one LISTEN per API, and this check's own.
  const budget = POOL_SIZE + 2 + 4;
  check(connections <= budget, `Postgres holds ${connections} connections for six services (at most ${budget})`);

  const perGateway = await Promise.all(
    gatewayPorts.map(async (p) => {
      const text = await (
        await fetch(`http://127.0.0.1:${p}/metrics`, {
          headers: { authorization: `Bearer ${process.env.METRICS_TOKEN ?? ''}` },
        })
      ).text();
      return Number(/^socketio_connected_sockets\{[^}]*\} (\d+)/m.exec(text)?.[1] ?? NaN);
    }),
  );
  if (perGateway.every(Number.isFinite))
    check(
      perGateway.every((n) => n > 1),
      `the balancer spread the sockets: ${perGateway.join(' and ')} per gateway`,
    );
  else console.log('(set METRICS_TOKEN to also check how the balancer spread the sockets)');
} catch (err) {
  failures.push(err.message);
  console.error(err.message);
} finally {
  for (const s of sockets) s.disconnect();
  await stopGroup(stack);
  await sql?.end();
  await scratch.remove();
}
console.log(failures.length ? `\nScaled check failed: ${failures.length} problem(s)` : '\nScaled check passed');
process.exit(failures.length ? 1 : 0);
