// Which notices wait for one mail per window, and what that mail says. An auction night outbids a keen bidder every
// few seconds: each outbid is listed and pushed at once, but a mail per outbid floods their inbox (and cost the
// workers a job and an SMTP hand-over per bid). So outbid and alert notices are mailed at most once per member,
// auction and window (the mail says how often, and the price when it is sent), and "ending soon" notices once per
// member and short window, however many of their watched cars end together. Pure: the notice writer opens or joins
// the window these keys name (core/src/notices/record-notices.ts), the window's job mails it when it is due.
import { formatMoney } from '../money.js';
import type { NotificationKind } from './notices.js';

/** The kinds mailed per window rather than one by one. */
export const WINDOWED_MAIL_KINDS = ['outbid', 'alert', 'watch-ending'] as const satisfies readonly NotificationKind[];
export type WindowedMailKind = (typeof WINDOWED_MAIL_KINDS)[number];

/** The window unless configured (NOTICE_MAIL_WINDOW_MS): ten minutes, as the large marketplaces do. */
export const DEFAULT_NOTICE_MAIL_WINDOW_MS = 10 * 60_000;
/** "Ending in 15 minutes" is stale news ten minutes later: it waits at most a minute for others ending too. */
export const WATCH_ENDING_MAIL_WINDOW_MAX_MS = 60_000;

export const isWindowedMailKind = (kind: NotificationKind): kind is WindowedMailKind =>
  (WINDOWED_MAIL_KINDS as readonly NotificationKind[]).includes(kind);

export interface MailWindowKey {
  userId: number;
  kind: WindowedMailKind;
  /** `auction:{id}` (one mail per auction) or `all` (one mail for every auction of the kind). */
  scope: string;
  auctionId: number | null;
}

export interface MailWindowDraft extends MailWindowKey {
  /** How long the window stays open after its first notice. */
  windowMs: number;
  /** How many of the notices being written fall in it. */
  notices: number;
}

/** The window a notice's mail waits in, or null when it is mailed on its own. */
export function mailWindowKey(n: {
  userId: number;
  kind: NotificationKind;
  auctionId: number | null;
}): MailWindowKey | null {
  if (!isWindowedMailKind(n.kind)) return null;
  if (n.kind === 'watch-ending' || n.auctionId === null)
    return { userId: n.userId, kind: n.kind, scope: 'all', auctionId: null };
  return { userId: n.userId, kind: n.kind, scope: `auction:${n.auctionId}`, auctionId: n.auctionId };
}

export const mailWindowMs = (kind: WindowedMailKind, windowMs: number) =>
  kind === 'watch-ending' ? Math.min(windowMs, WATCH_ENDING_MAIL_WINDOW_MAX_MS) : windowMs;

/**
 * The windows the newly written notices open or join, one per key with how many notices it gains, ordered by key so
 * two writers lock the same windows in the same order (never a deadlock).
 */
export function mailWindowsFor(
  notices: readonly { userId: number; kind: NotificationKind; auctionId: number | null }[],
  windowMs: number,
): MailWindowDraft[] {
  const byKey = new Map<string, MailWindowDraft>();
  for (const n of notices) {
    const key = mailWindowKey(n);
    if (!key) continue;
    const id = `${key.userId}|${key.kind}|${key.scope}`;
    const found = byKey.get(id);
    if (found) found.notices += 1;
    else byKey.set(id, { ...key, windowMs: mailWindowMs(key.kind, windowMs), notices: 1 });
  }
  return [...byKey.values()].sort(
    (a, b) => a.userId - b.userId || a.kind.localeCompare(b.kind) || a.scope.localeCompare(b.scope),
  );
}

export interface WindowMailFacts {
  kind: WindowedMailKind;
  /** The window's notices, oldest first. */
  notices: readonly { text: string; link: string }[];
  /** The auction's title and its price when the mail is sent (an auction-scoped window). */
  title: string | null;
  currentBid: string | null;
  /** Minutes from the window's first notice to the mail. */
  minutes: number;
}

export interface WindowMail {
  subject: string;
  /** Paragraphs of the body, in order. */
  lines: string[];
  /** The page the mail sends the member to. */
  link: string;
}

/** At most this many notices are listed in one mail; the count says how many there were. */
const LISTED = 10;

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
const minutesText = (m: number) => (m <= 1 ? 'the last minute' : `the last ${m} minutes`);

/** The words of a window's mail: a single notice reads as itself, more say how many and list the latest. */
export function windowMail(f: WindowMailFacts): WindowMail {
  const last = f.notices[f.notices.length - 1];
  if (!last) throw new Error('a window mail needs a notice');
  const count = f.notices.length;
  const price = f.currentBid !== null ? `The current price is ${formatMoney(f.currentBid)}.` : null;
  const listed = f.notices.slice(-LISTED).map((n) => n.text);
  const more = count > LISTED ? [`...and ${count - LISTED} earlier.`] : [];
  const title = f.title ?? 'a car you bid on';
  if (count === 1) {
    const lines = f.kind === 'watch-ending' || price === null ? [last.text] : [last.text, price];
    return { subject: last.text, lines, link: last.link };
  }
  switch (f.kind) {
    case 'outbid':
      return {
        subject: `You've been outbid ${times(count)} on ${title}`,
        lines: [
          `You've been outbid ${times(count)} on ${title} in ${minutesText(f.minutes)}.`,
          ...(price ? [price] : []),
        ],
        link: last.link,
      };
    case 'alert':
      return {
        subject: `Your alerts on ${title} fired ${times(count)}`,
        lines: [
          `Your alerts on ${title} fired ${times(count)} in ${minutesText(f.minutes)}:`,
          ...listed,
          ...more,
          ...(price ? [price] : []),
        ],
        link: last.link,
      };
    case 'watch-ending':
      return {
        subject: `${count} cars you watch are ending soon`,
        lines: [`${count} cars you watch are ending soon:`, ...listed, ...more],
        // The dashboard lists what the member watches.
        link: '/dashboard',
      };
  }
}
