import postgres, { type Sql } from 'postgres';

export type { Sql };

/** Waits between a pooled connection's reconnect attempts: at most 0.5 s, so the pool is back within 0.5 s of Postgres. */
export const reconnectBackoffSeconds = (attempt: number) => Math.min(0.5, 0.02 * 2 ** attempt);

/**
 * One way to open Postgres everywhere: snake_case columns arrive as camelCase, notices are not printed, a connection
 * attempt gives up after 3 s (postgres.js waits 30 s by default), so an unreachable database is an error a request
 * can answer with, not a wait; and failed connections retry on a short, capped backoff (postgres.js's default grows
 * to 20 s, which kept requests failing for seconds after a restarted Postgres was back).
 *
 * `pooled`: the URL is a pooler in transaction mode (PgBouncer), where consecutive statements of one client may run on
 * different server connections: no named prepared statements (one prepared on one server connection is unknown on the
 * next), no statement sent before the one ahead of it has been answered, and no session settings sent at connect, which the pooler would refuse (its own configuration sets the
 * statement timeout). Nothing session-scoped may use such a pool: LISTEN and session advisory locks take DATABASE_URL.
 */
export function createSql(
  url: string,
  opts: { max?: number; statementTimeoutMs?: number; pooled?: boolean } = {},
): Sql {
  return postgres(url, {
    // A statement stuck behind a lock or a frozen disk is cancelled by Postgres itself, so a service's connection is
    // never held forever; scripts that run long statements (migrations, seeding) leave it off.
    ...(opts.statementTimeoutMs && !opts.pooled ? { connection: { statement_timeout: opts.statementTimeoutMs } } : {}),
    // PgBouncer before 1.21 gives a server connection back to the pool at the first "idle" answer: a statement sent
    // behind another (postgres.js pipelines up to 100) would have its answers dropped, and its client hang.
    ...(opts.pooled ? { prepare: false, max_pipeline: 0 } : {}),
    transform: postgres.camel,
    max: opts.max ?? 10,
    onnotice: () => {},
    connect_timeout: 3,
    backoff: reconnectBackoffSeconds,
  }) as unknown as Sql;
}

export interface DatabaseSettings {
  DATABASE_URL: string;
  DATABASE_POOLER_URL: string;
  DB_STATEMENT_TIMEOUT_MS: number;
}

/** A service's pool for its queries and transactions: through the pooler when one is set, else to DATABASE_URL. */
export const createServiceSql = (config: DatabaseSettings, max: number): Sql =>
  config.DATABASE_POOLER_URL
    ? createSql(config.DATABASE_POOLER_URL, { max, pooled: true })
    : createSql(config.DATABASE_URL, { max, statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS });

/**
 * What is wrong with the statement timeout the pooler gives its server connections, or null: through a pooler the
 * service cannot set it itself, so a pooler configured without it would let a stuck statement hold a connection.
 */
export async function pooledTimeoutProblem(sql: Sql, config: DatabaseSettings): Promise<string | null> {
  if (!config.DATABASE_POOLER_URL || config.DB_STATEMENT_TIMEOUT_MS === 0) return null;
  const [row] = await sql<{ ms: number }[]>`
    select setting::int * case unit when 's' then 1000 when 'min' then 60000 else 1 end as ms
    from pg_settings where name = 'statement_timeout'`;
  if (row?.ms === config.DB_STATEMENT_TIMEOUT_MS) return null;
  return `the pooler's connections have statement_timeout ${row?.ms ?? '?'} ms, not DB_STATEMENT_TIMEOUT_MS ${config.DB_STATEMENT_TIMEOUT_MS} ms: set it in the pooler (connect_query) or on the database role`;
}
