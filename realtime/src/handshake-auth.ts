// The handshake carries the same session cookies as HTTP: a valid member session makes the socket that user's, a valid
// admin session puts it in the admins' room. Anything else is an anonymous socket that can still watch auctions.
import { createHash } from 'node:crypto';
import type { Sql } from 'postgres';

/** The session cookies the API sets: random tokens whose SHA-256 is the sessions row id. */
export const SESSION_COOKIE = 'sid';
export const ADMIN_SESSION_COOKIE = 'admin_sid';

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export interface HandshakeIdentity {
  userId: number | null;
  adminId: number | null;
  /** The sessions the cookies proved (SHA-256 of their tokens): ending one closes the sockets it opened. */
  sessionIds: string[];
}

const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Who a handshake's cookies prove: one query for both kinds, expired and inactive sessions ignored, and an admin without
 * the second factor (who may only set it up) not taken for an admin.
 */
export async function identityFromCookies(sql: Sql, cookieHeader: string | undefined): Promise<HandshakeIdentity> {
  const ids = [readCookie(cookieHeader, SESSION_COOKIE), readCookie(cookieHeader, ADMIN_SESSION_COOKIE)]
    .filter((t): t is string => t !== undefined)
    .map(sessionId);
  if (ids.length === 0) return { userId: null, adminId: null, sessionIds: [] };
  const rows = await sql<{ id: string; kind: 'user' | 'admin'; userId: number | null; adminId: number | null }[]>`
    select s.id, s.kind, s.user_id, s.admin_id
    from sessions s left join admin_users a on a.id = s.admin_id
    where s.id = any(${ids}) and s.expires_at > now()
      and (s.kind = 'user' or (a.is_active and a.totp_enabled_at is not null))`;
  return {
    userId: rows.find((r) => r.kind === 'user')?.userId ?? null,
    adminId: rows.find((r) => r.kind === 'admin')?.adminId ?? null,
    sessionIds: rows.map((r) => r.id),
  };
}
