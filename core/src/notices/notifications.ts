// A user's notices (the bell), the auctions they watch and which notices they want by mail. Every query is scoped
// by the session's user; notices themselves are written only by the workers (infra's recordNotices).
import type { Sql } from 'postgres';
import { existingSigningKey } from './signed-token.js';
import { verifyUnsubscribe, type MailKind } from './unsubscribe-token.js';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LIST_LIMIT,
  type CaughtMail,
  type EmailSettings,
  type Notification,
  type NotificationKind,
  type NotificationList,
} from '@app/shared';
import { Invalid } from '../errors.js';
import { assertAuctionVisible } from '../auctions/auction-guard.js';

interface NotificationRow {
  id: number;
  kind: NotificationKind;
  auctionId: number | null;
  text: string;
  link: string;
  createdAt: Date;
  readAt: Date | null;
}

const toNotification = (r: NotificationRow): Notification => ({
  id: r.id,
  kind: r.kind,
  auctionId: r.auctionId,
  text: r.text,
  link: r.link,
  createdAt: r.createdAt.toISOString(),
  read: r.readAt !== null,
});

async function unreadCount(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null`;
  return row!.n;
}

export async function listNotifications(sql: Sql, userId: number): Promise<NotificationList> {
  const rows = await sql<NotificationRow[]>`
    select id, kind, auction_id, text, link, created_at, read_at from notifications
    where user_id = ${userId} order by id desc limit ${NOTIFICATION_LIST_LIMIT}`;
  return { items: rows.map(toNotification), unread: await unreadCount(sql, userId) };
}

/** The user saw the list up to this notice: it and everything older are read. */
export async function markRead(sql: Sql, userId: number, upToId: number): Promise<{ unread: number }> {
  await sql`update notifications set read_at = now() where user_id = ${userId} and id <= ${upToId} and read_at is null`;
  return { unread: await unreadCount(sql, userId) };
}

export async function watchlist(sql: Sql, userId: number): Promise<{ auctionIds: number[] }> {
  const rows = await sql<
    { auctionId: number }[]
  >`select auction_id from watchlist where user_id = ${userId} order by created_at desc`;
  return { auctionIds: rows.map((r) => r.auctionId) };
}

export async function setWatching(
  sql: Sql,
  userId: number,
  auctionId: number,
  watching: boolean,
): Promise<{ auctionId: number; watching: boolean }> {
  if (watching) {
    await assertAuctionVisible(sql, auctionId);
    await sql`insert into watchlist (user_id, auction_id) values (${userId}, ${auctionId}) on conflict do nothing`;
  } else {
    await sql`delete from watchlist where user_id = ${userId} and auction_id = ${auctionId}`;
  }
  return { auctionId, watching };
}

export async function emailSettings(sql: Sql, userId: number): Promise<EmailSettings> {
  const rows = await sql<{ kind: string }[]>`select kind from email_opt_outs where user_id = ${userId}`;
  const off = new Set(rows.map((r) => r.kind));
  return { email: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !off.has(k)])) as EmailSettings['email'] };
}

export async function setEmail(
  sql: Sql,
  userId: number,
  kind: NotificationKind,
  email: boolean,
): Promise<EmailSettings> {
  if (email) await sql`delete from email_opt_outs where user_id = ${userId} and kind = ${kind}`;
  else await sql`insert into email_opt_outs (user_id, kind) values (${userId}, ${kind}) on conflict do nothing`;
  return emailSettings(sql, userId);
}

/**
 * An unsubscribe link's token turns off one kind of mail for the user it was signed for; no session needed (the mail's
 * page, and the RFC 8058 one-click POST a mail provider sends). The digest is turned off by dropping its setting.
 */
export async function unsubscribe(sql: Sql, token: string): Promise<{ kind: MailKind; email: false }> {
  const key = await existingSigningKey(sql);
  const who = key === null ? null : verifyUnsubscribe(key, token);
  if (!who) throw new Invalid('This unsubscribe link is not valid');
  if (who.kind === 'digest') await sql`delete from digest_settings where user_id = ${who.userId}`;
  else await setEmail(sql, who.userId, who.kind, false);
  return { kind: who.kind, email: false };
}

/** The development mail catcher's inbox, newest first. */
export async function caughtMails(sql: Sql, limit = 100): Promise<CaughtMail[]> {
  const rows = await sql<
    {
      id: number;
      messageId: string | null;
      mailFrom: string;
      mailTo: string;
      subject: string;
      textBody: string;
      receivedAt: Date;
      headers: Record<string, string>;
    }[]
  >`
    select id, message_id, mail_from, mail_to, subject, text_body, received_at, headers from caught_mails order by id desc limit ${limit}`;
  return rows.map((r) => ({
    id: r.id,
    messageId: r.messageId,
    from: r.mailFrom,
    to: r.mailTo,
    subject: r.subject,
    text: r.textBody,
    receivedAt: r.receivedAt.toISOString(),
    unsubscribeUrl: /<([^>]+)>/.exec(r.headers['list-unsubscribe'] ?? '')?.[1] ?? null,
  }));
}
