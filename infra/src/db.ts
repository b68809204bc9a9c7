import postgres, { type Sql } from 'postgres';

export type { Sql };

/** Waits between a pooled connection's reconnect attempts: at most 0.5 s, so the pool is back within 0.5 s of Postgres. */
export const reconnectBackoffSeconds = (attempt: number) => Math.min(0.5, 0.02 * 2 ** attempt);

/**
 * One way to open Postgres everywhere: snake_case columns arrive as camelCase, notices are not printed, a connection
 * attempt gives up after 3 s (postgres.js waits 30 s by default), so an unreachable database is an error a request
 * can answer with, not a wait; and failed connections retry on a short, capped backoff (postgres.js's default grows
 * to 20 s, which kept requests failing for seconds after a restarted Postgres was back).
 */
export function createSql(url: string, opts: { max?: number; statementTimeoutMs?: number } = {}): Sql {
  return postgres(url, {
    // A statement stuck behind a lock or a frozen disk is cancelled by Postgres itself, so a service's connection is
    // never held forever; scripts that run long statements (migrations, seeding) leave it off.
    ...(opts.statementTimeoutMs ? { connection: { statement_timeout: opts.statementTimeoutMs } } : {}),
    transform: postgres.camel,
    max: opts.max ?? 10,
    onnotice: () => {},
    connect_timeout: 3,
    backoff: reconnectBackoffSeconds,
  }) as unknown as Sql;
}
