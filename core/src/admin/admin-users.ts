// The admin users tab: search and page through members, flag premium, suspend and reactivate. A suspension ends every
// session of the member in the same transaction that marks them (each with its session.ended event, which closes
// their sockets on every gateway), so they are signed out everywhere at once and cannot sign in, bid or chat again.
import type { Sql } from 'postgres';
import { commitWithEvents, type EventDeps, type Outbox } from '@app/infra';
import type { AdminUserList, AdminUserRow } from '@app/shared';
import { NotFound } from '../errors.js';
import type { SessionCache } from '../identity/session-cache.js';

const PAGE_SIZE = 25;

export async function listUsersForAdmin(
  sql: Sql,
  { search, page }: { search?: string | undefined; page: number },
): Promise<AdminUserList> {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await sql<
    (Omit<AdminUserRow, 'createdAt' | 'suspendedAt'> & { createdAt: Date; suspendedAt: Date | null; total: number })[]
  >`
    select u.id, u.name, u.email, u.is_premium, u.bid_exempt, u.created_at, u.suspended_at, u.suspension_reason,
           (select count(*)::int from bids b where b.user_id = u.id) as bids, count(*) over ()::int as total
    from users u
    where ${pattern === null ? sql`true` : sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`}
    order by u.id desc
    limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`;
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ total: _t, createdAt, suspendedAt, ...r }) => ({
      ...r,
      createdAt: createdAt.toISOString(),
      suspendedAt: suspendedAt?.toISOString() ?? null,
    })),
  };
}

interface Deps extends EventDeps {
  sessionCache: SessionCache;
}

export async function suspendUser(deps: Deps, adminId: number, userId: number, reason: string): Promise<void> {
  await commitWithEvents(deps, async (tx, outbox) => {
    const [user] = await tx<{ at: Date }[]>`
      update users set suspended_at = coalesce(suspended_at, now()), suspension_reason = ${reason} where id = ${userId} returning now() as at`;
    if (!user) throw new NotFound('User not found');
    const ended = await tx<{ id: string }[]>`delete from sessions where user_id = ${userId} returning id`;
    await tx`insert into admin_audit_log (admin_id, action, subject, details) values (${adminId}, 'user.suspended', ${`user:${userId}`}, ${tx.json({ reason })})`;
    const at = user.at.toISOString();
    if (ended.length > 0)
      await outbox.append(ended.map((s) => ({ type: 'session.ended' as const, at, userId, sessionId: s.id })));
    await adminChanged(outbox, adminId, userId);
  });
  deps.sessionCache.evictUser(userId);
}

/** Other admins' portals refresh the member's row. */
async function adminChanged(outbox: Outbox, adminId: number, userId: number): Promise<void> {
  await outbox.append([
    { type: 'admin.changed', at: new Date().toISOString(), adminId, what: 'user', subject: `user:${userId}` },
  ]);
}

export async function reactivateUser(deps: EventDeps, adminId: number, userId: number): Promise<void> {
  await commitWithEvents(deps, async (tx, outbox) => {
    const [user] = await tx<
      { suspended: boolean }[]
    >`select suspended_at is not null as suspended from users where id = ${userId} for update`;
    if (!user) throw new NotFound('User not found');
    // Reactivating a member who is not suspended changes nothing, so nothing is audited or announced.
    if (!user.suspended) return;
    await tx`update users set suspended_at = null, suspension_reason = null where id = ${userId}`;
    await tx`insert into admin_audit_log (admin_id, action, subject) values (${adminId}, 'user.reactivated', ${`user:${userId}`})`;
    await adminChanged(outbox, adminId, userId);
  });
}

export async function setPremium(
  deps: EventDeps & { sessionCache?: SessionCache },
  adminId: number,
  userId: number,
  isPremium: boolean,
): Promise<void> {
  await commitWithEvents(deps, async (tx, outbox) => {
    // Locked, so two admins' toggles apply one after the other and the audit's last row is the state left.
    const [user] = await tx<{ isPremium: boolean }[]>`select is_premium from users where id = ${userId} for update`;
    if (!user) throw new NotFound('User not found');
    // Setting what is already set changes nothing, so nothing is audited or announced.
    if (user.isPremium === isPremium) return;
    await tx`update users set is_premium = ${isPremium} where id = ${userId}`;
    await tx`insert into admin_audit_log (admin_id, action, subject, details) values (${adminId}, 'user.premium', ${`user:${userId}`}, ${tx.json({ isPremium })})`;
    await adminChanged(outbox, adminId, userId);
  });
  // The member's cached session carries the premium flag: the next request reads it afresh.
  deps.sessionCache?.evictUser(userId);
}
