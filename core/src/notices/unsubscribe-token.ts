// Unsubscribe links are signed, so a link turns off one kind of mail (a notice kind, or the daily digest) for one user
// and cannot be forged for another. Every list mail carries two: the RFC 8058 one-click URL in its headers (a mail
// provider POSTs it, no session, no page), and the page in its body (which asks the same API).
import { MAIL_KINDS, type MAIL_KINDS as MailKinds } from '@app/shared';
import { mac, macMatches } from './signed-token.js';

export type MailKind = (typeof MailKinds)[number];

export function signUnsubscribe(key: string, userId: number, kind: MailKind): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${mac(key, payload)}`;
}

/** The user and kind a token names, or null when it was not signed with this key. */
export function verifyUnsubscribe(key: string, token: string): { userId: number; kind: MailKind } | null {
  const m = /^(\d{1,10})\.([a-z-]{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const kind = MAIL_KINDS.find((k) => k === m[2]);
  if (!kind) return null;
  return macMatches(key, `${m[1]}.${kind}`, m[3]!) ? { userId: Number(m[1]), kind } : null;
}

/**
 * The unsubscribe parts of a list mail: the page for the body, and nodemailer's options for the RFC 8058 headers
 * (`List-Unsubscribe: <https://.../api/unsubscribe?token=...>`, `List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
 */
export function unsubscribeParts(
  publicUrl: string,
  key: string,
  userId: number,
  kind: MailKind,
): { pageUrl: string; mail: { list: { unsubscribe: string }; headers: Record<string, string> } } {
  const base = publicUrl.replace(/\/$/, '');
  const token = encodeURIComponent(signUnsubscribe(key, userId, kind));
  return {
    pageUrl: `${base}/unsubscribe?token=${token}`,
    mail: {
      list: { unsubscribe: `${base}/api/unsubscribe?token=${token}` },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
  };
}
