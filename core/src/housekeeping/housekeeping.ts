// Rows that have outlived their purpose: idempotency keys after their 24 hours, expired sessions, published outbox rows
// after a week (the stream carries them long before that), and what anyone can make the server keep about an address:
// failed sign-ins after the longest period the admin security tab shows (a year), sign-up attempts after a week (their
// link works a day). Batched, so one run never holds locks for long.
import type { Sql } from 'postgres';
import { ADMIN_PERIODS } from '@app/shared';

const BATCH = 5000;
const FAILED_SIGN_INS_KEPT_DAYS = Math.max(...Object.values(ADMIN_PERIODS)) + 1;
const SIGN_UP_ATTEMPTS_KEPT_DAYS = 7;

export interface HousekeepingCounts {
  idempotencyKeys: number;
  sessions: number;
  outbox: number;
  failedSignIns: number;
  signUpAttempts: number;
}

export async function runHousekeeping(sql: Sql): Promise<HousekeepingCounts> {
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
  const [failed] = await sql<{ n: number }[]>`
    with gone as (
      delete from failed_sign_ins where ctid in (
        select ctid from failed_sign_ins where at < now() - ${FAILED_SIGN_INS_KEPT_DAYS} * interval '1 day' limit ${BATCH})
      returning 1)
    select count(*)::int as n from gone`;
  const [attempts] = await sql<{ n: number }[]>`
    with gone as (
      delete from sign_up_attempts where id in (
        select id from sign_up_attempts where created_at < now() - ${SIGN_UP_ATTEMPTS_KEPT_DAYS} * interval '1 day'
        limit ${BATCH})
      returning 1)
    select count(*)::int as n from gone`;
  return {
    idempotencyKeys: keys!.n,
    sessions: sessions!.n,
    outbox: outbox!.n,
    failedSignIns: failed!.n,
    signUpAttempts: attempts!.n,
  };
}
