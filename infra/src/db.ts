import postgres, { type Sql } from 'postgres';

export type { Sql };

/** One way to open Postgres everywhere: snake_case columns arrive as camelCase, notices are not printed. */
export function createSql(url: string, opts: { max?: number } = {}): Sql {
  return postgres(url, { transform: postgres.camel, max: opts.max ?? 10, onnotice: () => {} }) as unknown as Sql;
}
