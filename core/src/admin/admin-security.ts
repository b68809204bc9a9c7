// The admin security tab: failed sign-ins by account and by address over the period, throttled requests, and the
// members to look at (unpaid escrows past their deadline, many failed sign-ins).
import type { Sql } from 'postgres';
import type { Redis } from 'ioredis';
import { ADMIN_PERIODS, type AdminPeriod, type AdminSecurity } from '@app/shared';
import { throttledRequests } from './throttled-requests.js';

/** Failed sign-ins on one account within the period from which it is flagged. */
export const FLAG_FAILED_SIGN_INS = 10;
const TOP = 20;

export async function flaggedUsers(sql: Sql, period: AdminPeriod = '30d'): Promise<AdminSecurity['flaggedUsers']> {
  const since = sql`now() - ${ADMIN_PERIODS[period]} * interval '1 day'`;
  const rows = await sql<{ userId: number | null; email: string; name: string | null; reason: string }[]>`
    select u.id as user_id, u.email, u.name, 'unpaid escrow past deadline (' || count(*) || ')' as reason
    from escrow_transactions e join users u on u.id = e.buyer_id
    where e.status = 'pending' and (e.payment_due_at < now() or exists (
      -- a balance past its date once the deposit is paid (payment_due_at is cleared then)
      select 1 from payment_schedules s
      where s.transaction_id = e.id and s.status in ('pending', 'failed') and s.payment_type <> 'refund' and s.due_date < now()))
    group by u.id
    union all
    select u.id, f.email, u.name, count(*) || ' failed sign-ins'
    from failed_sign_ins f left join users u on u.email = f.email
    where f.scope = 'user' and f.at > ${since}
    group by f.email, u.id having count(*) >= ${FLAG_FAILED_SIGN_INS}`;
  const byEmail = new Map<string, AdminSecurity['flaggedUsers'][number]>();
  for (const r of rows) {
    const entry = byEmail.get(r.email) ?? { userId: r.userId, email: r.email, name: r.name, reasons: [] };
    entry.reasons.push(r.reason);
    byEmail.set(r.email, entry);
  }
  return [...byEmail.values()];
}

export async function adminSecurity(
  { sql, redis, prefix }: { sql: Sql; redis: Redis; prefix: string },
  period: AdminPeriod,
): Promise<AdminSecurity> {
  const since = sql`now() - ${ADMIN_PERIODS[period]} * interval '1 day'`;
  const [byAccount, byAddress, flagged, throttled] = await Promise.all([
    sql<{ email: string; failures: number }[]>`
      select email, count(*)::int as failures from failed_sign_ins where at > ${since} group by email order by failures desc, email limit ${TOP}`,
    sql<{ ip: string; failures: number }[]>`
      select ip, count(*)::int as failures from failed_sign_ins where at > ${since} group by ip order by failures desc, ip limit ${TOP}`,
    flaggedUsers(sql, period),
    throttledRequests(redis, prefix, period),
  ]);
  return { failedSignInsByAccount: byAccount, failedSignInsByAddress: byAddress, flaggedUsers: flagged, throttled };
}
