// Unsubscribe links are signed, so a link turns off one kind of mail for one user and cannot be forged for another.
// The key lives in the database (made on first use), so the workers that sign and the API that checks share it
// without configuration.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from 'postgres';
import { NOTIFICATION_KINDS, type NotificationKind } from '@app/shared';

const KEY_NAME = 'unsubscribe-signing-key';

export async function signingKey(sql: Sql): Promise<string> {
  await sql`insert into app_secrets (name, value) values (${KEY_NAME}, ${randomBytes(32).toString('hex')}) on conflict (name) do nothing`;
  const [row] = await sql<{ value: string }[]>`select value from app_secrets where name = ${KEY_NAME}`;
  return row!.value;
}

const mac = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signUnsubscribe(key: string, userId: number, kind: NotificationKind): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${mac(key, payload)}`;
}

/** The user and kind a token names, or null when it was not signed with this key. */
export function verifyUnsubscribe(key: string, token: string): { userId: number; kind: NotificationKind } | null {
  const m = /^(\d{1,10})\.([a-z-]{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const kind = NOTIFICATION_KINDS.find((k) => k === m[2]);
  if (!kind) return null;
  const expected = Buffer.from(mac(key, `${m[1]}.${kind}`));
  const given = Buffer.from(m[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId: Number(m[1]), kind } : null;
}
