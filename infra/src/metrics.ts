// Prometheus metrics, one registry per process, labelled with the service. What each process measures is registered
// where it is measured; what the event flow looks like (outbox lag, stream length, consumer-group lag) is read from
// Postgres and Redis at scrape time, with a short timeout so a scrape never hangs. Not public: /metrics answers only
// to a bearer token (METRICS_TOKEN) or, on the API, an admin session.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Redis } from 'ioredis';
import type { Sql } from 'postgres';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { eventsStreamKey } from './events/stream-fields.js';

export interface Metrics {
  registry: Registry;
  counter<L extends string>(name: string, help: string, labels?: readonly L[]): Counter<L>;
  gauge<L extends string>(
    name: string,
    help: string,
    labels?: readonly L[],
    collect?: (g: Gauge<L>) => Promise<void> | void,
  ): Gauge<L>;
  histogram<L extends string>(name: string, help: string, buckets: number[], labels?: readonly L[]): Histogram<L>;
  /** Text in the Prometheus exposition format, with anything else this process exports appended. */
  text(): Promise<string>;
  /** Extra exposition text (BullMQ's own queue metrics). */
  append(source: () => Promise<string>): void;
}

export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const extra: (() => Promise<string>)[] = [];
  return {
    registry,
    counter: (name, help, labels = []) => new Counter({ name, help, labelNames: [...labels], registers: [registry] }),
    gauge: (name, help, labels = [], collect) =>
      new Gauge({
        name,
        help,
        labelNames: [...labels],
        registers: [registry],
        // A scrape that cannot reach Postgres or Redis in time keeps the last value rather than failing the scrape.
        ...(collect
          ? {
              async collect() {
                await Promise.resolve(collect(this)).catch(() => undefined);
              },
            }
          : {}),
      }),
    histogram: (name, help, buckets, labels = []) =>
      new Histogram({ name, help, buckets, labelNames: [...labels], registers: [registry] }),
    async text() {
      // At once, not one after another: a gauge that waits on Postgres or Redis delays no other source.
      const parts = await Promise.all([registry.metrics(), ...extra.map((source) => source().catch(() => ''))]);
      return parts.join('\n');
    },
    append(source) {
      extra.push(source);
    },
  };
}

const SCRAPE_WAIT_MS = 1000;
const within = <T>(p: Promise<T>): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('scrape timeout')), SCRAPE_WAIT_MS)),
  ]);

/** The health of the event flow: how old the oldest unpublished outbox row is, the stream's length, each group's lag. */
export function eventFlowMetrics(m: Metrics, deps: { sql: Sql; redis: Redis; prefix: string }): void {
  m.gauge(
    'outbox_oldest_unpublished_age_seconds',
    'Age of the oldest committed event not yet on the events stream (0 when none)',
    [],
    async (g) => {
      const [row] = await within(
        deps.sql<
          { age: number | null }[]
        >`select extract(epoch from now() - min(created_at))::float8 as age from outbox where published_at is null`,
      );
      g.set(row?.age ?? 0);
    },
  );
  m.gauge('events_stream_length', 'Entries in the Redis events stream', [], async (g) => {
    g.set(await within(deps.redis.xlen(eventsStreamKey(deps.prefix))));
  });
  m.gauge(
    'events_consumer_group_lag',
    'Entries of the events stream a consumer group has not read yet',
    ['group'],
    async (g) => {
      const groups = (await within(deps.redis.xinfo('GROUPS', eventsStreamKey(deps.prefix)))) as unknown[][];
      for (const fields of groups) {
        const info = new Map<string, unknown>();
        for (let i = 0; i + 1 < fields.length; i += 2) info.set(String(fields[i]), fields[i + 1]);
        g.set({ group: String(info.get('name')) }, Number(info.get('lag') ?? 0));
      }
    },
  );
}

/** How late closing runs: how long the most overdue auction that is still open has been past its end (0 when none). */
export function closingMetrics(m: Metrics, deps: { sql: Sql }): void {
  m.gauge(
    'auction_close_overdue_seconds',
    'How long the most overdue auction still open has been past its end time (0 when none)',
    [],
    async (g) => {
      const [row] = await within(
        deps.sql<
          { late: number | null }[]
        >`select extract(epoch from now() - min(end_time))::float8 as late from auctions where status = 'active' and end_time < now()`,
      );
      g.set(row?.late ?? 0);
    },
  );
}

/** Each readiness check of this process at scrape time (1 answered, 0 not): the health of Postgres and Redis as it sees them. */
export function readinessMetrics(m: Metrics, check: () => Promise<{ body: Record<string, 'ok' | 'down'> }>): void {
  m.gauge(
    'readiness_check',
    'Whether a dependency answered this process in time at scrape time (1) or not (0)',
    ['check'],
    async (g) => {
      const { body } = await check();
      for (const [name, state] of Object.entries(body)) g.set({ check: name }, state === 'ok' ? 1 : 0);
    },
  );
}

/** Whether a scrape carries the configured bearer token (compared in constant time). */
export function hasMetricsToken(headers: IncomingHttpHeaders, token: string): boolean {
  if (!token) return false;
  const sent = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
