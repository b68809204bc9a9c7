// Rows that have outlived their purpose: idempotency keys after their 24 hours, expired sessions, published outbox rows
// after a week (the stream carries them long before that). Batched, so one run never holds locks for long.
import type { Sql } from 'postgres';

const BATCH = 5000;

export async function runHousekeeping(
  sql: Sql,
): Promise<{ idempotencyKeys: number; sessions: number; outbox: number }> {
  const [keys] = await sql<{ n: number }[]>`
    with gone as (
      delete from idempotency_keys where ctid in (
        select ctid from idempotency_keys where created_at < now() - interval '24 hours' limit ${BATCH})
      returning 1)
    select count(*)::int as n from gone`;
  const [sessions] = await sql<{ n: number }[]>`
    with gone as (
      delete from sessions where id in (select id from sessions where expires_at < now() limit ${BATCH}) returning 1)
    select count(*)::int as n from gone`;
  const [outbox] = await sql<{ n: number }[]>`
    with gone as (
      delete from outbox where id in (
        select id from outbox where published_at is not null and published_at < now() - interval '7 days' limit ${BATCH})
      returning 1)
    select count(*)::int as n from gone`;
  return { idempotencyKeys: keys!.n, sessions: sessions!.n, outbox: outbox!.n };
}
