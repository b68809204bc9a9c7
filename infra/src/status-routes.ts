// The status routes of every process. GET /healthz answers whether the process lives: it touches nothing outside the
// process, so a Postgres or Redis outage never makes an orchestrator restart a process that would serve again once
// they are back. GET /readyz answers whether it can serve now: each dependency it needs answers within
// READINESS_WAIT_MS, or it is answered 503 and taken out of the balancer's rotation until it does. The gateway and
// the workers answer them (and /metrics, behind the bearer token) through answerStatus; the API through its own
// routes with the same readiness().
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import type { Sql } from 'postgres';
import { PROMETHEUS_CONTENT_TYPE, hasMetricsToken, type Metrics } from './metrics.js';

/** How long one dependency may take to answer a readiness check: under any probe's timeout, over a healthy round trip. */
export const READINESS_WAIT_MS = 1000;

/** What a process needs to serve, by name; a check resolves when that part answers and rejects (or hangs) when not. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;
export type Readiness<K extends string = string> = { ready: boolean; body: Record<K, 'ok' | 'down'> };

const within = (check: () => Promise<unknown>, ms: number): Promise<unknown> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    Promise.resolve().then(check),
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer in time')), ms))),
  ]).finally(() => clearTimeout(timer));
};

/** Runs every check at once, each bounded: ready when all answered. */
export async function readiness<K extends string>(
  checks: Record<K, () => Promise<unknown>>,
  waitMs = READINESS_WAIT_MS,
): Promise<Readiness<K>> {
  const names = Object.keys(checks) as K[];
  const results = await Promise.allSettled(names.map((name) => within(checks[name], waitMs)));
  const body = Object.fromEntries(
    names.map((name, i) => [name, results[i]!.status === 'fulfilled' ? 'ok' : 'down']),
  ) as Record<K, 'ok' | 'down'>;
  return { ready: results.every((r) => r.status === 'fulfilled'), body };
}

/** Postgres answers a query. */
export const postgresAnswers = (sql: Sql) => async () => sql`select 1`;

/**
 * Asks a Redis connection that is up. One that is not fails at once instead of queueing the command behind its
 * reconnection, where every probe during an outage would leave one more command waiting.
 */
export async function askConnected<T>(connection: { status: string }, ask: () => Promise<T>): Promise<T> {
  if (connection.status !== 'ready') throw new Error(`redis connection ${connection.status}`);
  return ask();
}

/** Redis answers PING on this connection. */
export const redisAnswers = (redis: Pick<Redis, 'status' | 'ping'>) => () => askConnected(redis, () => redis.ping());

const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** Answers the status routes and returns true, or returns false for any other request. */
export function answerStatus(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { metrics: Metrics; token: string; ready: ReadinessChecks },
): boolean {
  if (req.method !== 'GET') return false;
  if (req.url === '/healthz') {
    json(res, 200, { status: 'ok' });
    return true;
  }
  if (req.url === '/readyz') {
    void readiness(opts.ready).then(({ ready, body }) => {
      if (!ready) res.setHeader('retry-after', '2');
      json(res, ready ? 200 : 503, body);
    });
    return true;
  }
  if (req.url === '/metrics') {
    if (!hasMetricsToken(req.headers, opts.token)) json(res, 401, { error: 'Metrics need the metrics token' });
    else {
      opts.metrics.text().then(
        (text) => res.writeHead(200, { 'content-type': PROMETHEUS_CONTENT_TYPE }).end(text),
        () => json(res, 503, { error: 'Metrics unavailable' }),
      );
    }
    return true;
  }
  return false;
}
