// Server-side sessions: the cookie holds a random token, the database only its SHA-256, so a leaked table cannot sign anyone in.
import { createHash, randomBytes } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import { commitWithEvents, type EventDeps } from '@app/infra';
import type { AdminUser, SessionUser } from '@app/shared';

export const USER_COOKIE = 'sid';
export const ADMIN_COOKIE = 'admin_sid';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const ADMIN_SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createUserSession(sql: Sql | TransactionSql, userId: number, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql`
    insert into sessions (id, kind, user_id, expires_at)
    values (${sessionIdOf(token)}, 'user', ${userId}, now() + ${ttlMs} * interval '1 millisecond')`;
  return token;
}

export async function createAdminSession(sql: Sql | TransactionSql, adminId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql`
    insert into sessions (id, kind, admin_id, expires_at)
    values (${sessionIdOf(token)}, 'admin', ${adminId}, now() + ${ADMIN_SESSION_TTL_MS} * interval '1 millisecond')`;
  return token;
}

/**
 * Ends a session and tells the gateways to close the sockets it opened (in the same transaction, so the notice exists
 * exactly when the session is gone), published after commit if there was a session.
 */
export async function endSession(deps: EventDeps, token: string): Promise<void> {
  const id = sessionIdOf(token);
  await commitWithEvents(deps, async (tx, outbox) => {
    const [gone] = await tx<{ userId: number | null; adminId: number | null; at: Date }[]>`
      delete from sessions where id = ${id} returning user_id, admin_id, now() as at`;
    if (!gone) return;
    const at = gone.at.toISOString();
    if (gone.userId !== null) await outbox.append([{ type: 'session.ended', at, userId: gone.userId, sessionId: id }]);
    else await outbox.append([{ type: 'admin-session.ended', at, adminId: gone.adminId!, sessionId: id }]);
  });
}

export async function findSessionUser(sql: Sql, token: string): Promise<SessionUser | null> {
  const rows = await sql<SessionUser[]>`
    select u.id, u.name, u.email, u.is_premium
    from sessions s join users u on u.id = s.user_id
    where s.id = ${sessionIdOf(token)} and s.kind = 'user' and s.expires_at > now() and u.suspended_at is null`;
  return rows[0] ?? null;
}

export async function findSessionAdmin(sql: Sql, token: string): Promise<AdminUser | null> {
  const rows = await sql<AdminUser[]>`
    select a.id, a.name, a.email, a.role, a.totp_enabled_at is not null as second_factor
    from sessions s join admin_users a on a.id = s.admin_id
    where s.id = ${sessionIdOf(token)} and s.kind = 'admin' and s.expires_at > now() and a.is_active`;
  return rows[0] ?? null;
}
