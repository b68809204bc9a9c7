// The handshake carries the same session cookie as HTTP; a valid one makes the socket that user's.
import { createHash } from 'node:crypto';
import type { Sql } from 'postgres';

/** The session cookie the API sets: a random token whose SHA-256 is the sessions row id. */
export const SESSION_COOKIE = 'sid';

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

/** The signed-in user of a handshake, or null (no cookie, unknown, expired or admin session: an anonymous socket). */
export async function userIdFromCookie(sql: Sql, cookieHeader: string | undefined): Promise<number | null> {
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  if (!token) return null;
  const id = createHash('sha256').update(token).digest('hex');
  const [row] = await sql<{ userId: number }[]>`
    select user_id from sessions where id = ${id} and kind = 'user' and expires_at > now()`;
  return row?.userId ?? null;
}
