// Unsubscribe links are signed, so a link turns off one kind of mail for one user and cannot be forged for another.
import { NOTIFICATION_KINDS, type NotificationKind } from '@app/shared';
import { mac, macMatches } from './signed-token.js';

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
  return macMatches(key, `${m[1]}.${kind}`, m[3]!) ? { userId: Number(m[1]), kind } : null;
}
