// The one writer of notices. Each is inserted under its unique key (user, kind, subject) and, only when it is new,
// announced on the user's stream in the same transaction: a replayed event or a second close writes nothing and
// pushes nothing. Whether it will be mailed is decided here too, from the user's email settings, and whether it will be
// web-pushed: a pushed kind (shared/src/domain/web-push.ts) for a member with a device opted in. A notice of a windowed
// kind (outbid, alert, watch-ending: shared/src/domain/mail-windows.ts) is not mailed alone: it joins the open mail
// window of its member and auction, or opens one, in this same transaction (see infra/migrations/0120_mail_windows.sql
// for why that makes one mail per window whatever runs at once).
import type { TransactionSql } from 'postgres';
import type { Outbox } from '@app/infra';
import {
  DEFAULT_NOTICE_MAIL_WINDOW_MS,
  PUSH_KINDS,
  WINDOWED_MAIL_KINDS,
  mailWindowsFor,
  type EventDraft,
  type NoticeDraft,
} from '@app/shared';

export interface RecordedNotices {
  /** How many of the notices were new. */
  inserted: number;
  /** The new notices that are to be mailed. */
  toMail: number[];
  /** The new notices that are to be pushed to the member's devices. */
  toPush: number[];
  /** The mail windows these notices opened, each to be mailed when due (joined windows already have their job). */
  openedWindows: OpenedWindow[];
}

export interface OpenedWindow {
  id: number;
  dueAt: Date;
}

export interface RecordOptions {
  /** How long a mail window stays open after its first notice; DEFAULT_NOTICE_MAIL_WINDOW_MS unless configured. */
  mailWindowMs?: number;
}

interface Inserted {
  id: number;
  userId: number;
  kind: NoticeDraft['kind'];
  auctionId: number | null;
  text: string;
  link: string;
  createdAt: Date;
  mailStatus: 'pending' | 'skip' | 'windowed';
  pushStatus: 'pending' | 'skip';
}

export async function recordNotices(
  tx: TransactionSql,
  outbox: Outbox,
  drafts: readonly NoticeDraft[],
  options: RecordOptions = {},
): Promise<RecordedNotices> {
  if (drafts.length === 0) return { inserted: 0, toMail: [], toPush: [], openedWindows: [] };
  const rows = await tx<Inserted[]>`
    insert into notifications as n (user_id, kind, subject, auction_id, text, link, mail_status, push_status)
    select d.user_id, d.kind, d.subject, d.auction_id, d.text, d.link,
           case when d.mail = 'no' or exists (select 1 from email_opt_outs o where o.user_id = d.user_id and o.kind = d.kind)
                then 'skip'
                when d.kind = any(${[...WINDOWED_MAIL_KINDS]}::text[]) then 'windowed' else 'pending' end,
           case when d.kind = any(${[...PUSH_KINDS]}::text[]) and exists (select 1 from push_subscriptions p where p.user_id = d.user_id)
                then 'pending' else 'skip' end
    from unnest(${drafts.map((d) => d.userId)}::int[], ${drafts.map((d) => d.kind)}::text[], ${drafts.map((d) => d.subject)}::text[],
                ${drafts.map((d) => d.auctionId)}::int[], ${drafts.map((d) => d.text)}::text[], ${drafts.map((d) => d.link)}::text[],
                ${drafts.map((d) => (d.mail === false ? 'no' : 'yes'))}::text[])
      as d(user_id, kind, subject, auction_id, text, link, mail)
    order by d.user_id, d.kind, d.subject
    on conflict (user_id, kind, subject) do nothing
    returning id, user_id, kind, auction_id, text, link, created_at, mail_status, push_status`;
  const events: EventDraft[] = rows.map((r) => ({
    type: 'notification.created',
    userId: r.userId,
    at: r.createdAt.toISOString(),
    notification: {
      id: r.id,
      kind: r.kind,
      auctionId: r.auctionId,
      text: r.text,
      link: r.link,
      createdAt: r.createdAt.toISOString(),
      read: false,
    },
  }));
  await outbox.append(events);
  return {
    inserted: rows.length,
    toMail: rows.filter((r) => r.mailStatus === 'pending').map((r) => r.id),
    toPush: rows.filter((r) => r.pushStatus === 'pending').map((r) => r.id),
    openedWindows: await joinMailWindows(
      tx,
      rows.filter((r) => r.mailStatus === 'windowed'),
      options.mailWindowMs ?? DEFAULT_NOTICE_MAIL_WINDOW_MS,
    ),
  };
}

/**
 * Opens or joins the mail window of each windowed notice. `on conflict do update` takes the open window's row lock,
 * which the mailer holds from its first read to its commit: joining waits for a mail being sent, then finds its window
 * closed and opens the next. `xmax = 0` is a row this statement inserted: only an opened window gets a job.
 */
async function joinMailWindows(
  tx: TransactionSql,
  notices: readonly Inserted[],
  windowMs: number,
): Promise<OpenedWindow[]> {
  const windows = mailWindowsFor(notices, windowMs);
  if (windows.length === 0) return [];
  const rows = await tx<{ id: number; dueAt: Date; opened: boolean }[]>`
    insert into mail_windows as w (user_id, kind, scope, auction_id, due_at, notices)
    select d.user_id, d.kind, d.scope, d.auction_id, now() + d.window_ms * interval '1 millisecond', d.notices
    from unnest(${windows.map((w) => w.userId)}::int[], ${windows.map((w) => w.kind)}::text[], ${windows.map((w) => w.scope)}::text[],
                ${windows.map((w) => w.auctionId)}::int[], ${windows.map((w) => w.windowMs)}::int[], ${windows.map((w) => w.notices)}::int[])
      as d(user_id, kind, scope, auction_id, window_ms, notices)
    order by d.user_id, d.kind, d.scope
    on conflict (user_id, kind, scope) where status = 'open' do update set notices = w.notices + excluded.notices
    returning w.id, w.due_at, (w.xmax = 0) as opened`;
  return rows.filter((r) => r.opened).map((r) => ({ id: r.id, dueAt: r.dueAt }));
}
