import postgres, { type Sql } from 'postgres';

export type { Sql };

/**
 * One way to open Postgres everywhere: snake_case columns arrive as camelCase, notices are not printed, and a
 * connection attempt gives up after 3 s (postgres.js waits 30 s by default), so an unreachable database is an error
 * a request can answer with, not a wait.
 */
export function createSql(url: string, opts: { max?: number } = {}): Sql {
  return postgres(url, { transform: postgres.camel, max: opts.max ?? 10, onnotice: () => {}, connect_timeout: 3 }) as unknown as Sql;
}
