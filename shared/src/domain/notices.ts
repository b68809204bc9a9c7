// Who is told what, in which words, when a bid outbids someone or an auction closes. Pure: the workers' events
// consumer reads the facts from the database and writes what this returns, keyed so a replayed event adds nothing.
import type { NOTIFICATION_KINDS } from '../constants.js';
import { formatCents, formatMoney } from '../money.js';
import { matchesSearch, type SearchFilters, type SearchableListing } from './search-match.js';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NoticeDraft {
  userId: number;
  kind: NotificationKind;
  /** Unique per user and kind: a second notice about the same subject is the same notice. */
  subject: string;
  auctionId: number;
  text: string;
  link: string;
  /** False: listed and pushed, never mailed (a fired alert whose owner turned its email off). */
  mail?: boolean;
}

export const listingLink = (auctionId: number) => `/listing/${auctionId}`;
export const transactionLink = (auctionId: number) => `/transaction/${auctionId}`;

/**
 * The previous leader hears that a higher bid took the lead; raising one's own bid tells no one, and neither does a
 * bid the previous leader's maximum answered at once (their automatic bid is the next one): they were never overtaken.
 * A previous leader with an active outbid alert on the auction hears it from that alert alone (one toast, one line in
 * the list): the alert fires for the same overtaking and carries their mail choice.
 */
export function outbidNotice(o: {
  auctionId: number;
  title: string;
  bidId: number;
  bidderId: number;
  amount: string;
  previousLeaderId: number | null;
  /** The bid right after this one was an automatic bid by the previous leader. */
  answeredByPreviousLeader?: boolean;
  /** The previous leader has an active outbid alert on this auction. */
  previousLeaderHasOutbidAlert?: boolean;
}): NoticeDraft | null {
  if (o.previousLeaderId === null || o.previousLeaderId === o.bidderId || o.answeredByPreviousLeader) return null;
  if (o.previousLeaderHasOutbidAlert) return null;
  return {
    userId: o.previousLeaderId,
    kind: 'outbid',
    subject: `bid:${o.bidId}`,
    auctionId: o.auctionId,
    text: `You've been outbid on ${o.title}: ${formatMoney(o.amount)}`,
    link: listingLink(o.auctionId),
  };
}

export interface ClosedAuctionFacts {
  auctionId: number;
  title: string;
  outcome: 'sold' | 'reserve-not-met' | 'no-bids' | 'bought-now';
  winningAmount: string | null;
  winnerId: number | null;
  sellerId: number | null;
  /** The highest bidder, who hears that the reserve was not met. */
  topBidderId: number | null;
  highBid: string | null;
  watcherIds: readonly number[];
}

function endedText(f: ClosedAuctionFacts): string {
  switch (f.outcome) {
    case 'sold':
      return `${f.title} ended: sold for ${formatMoney(f.winningAmount)}`;
    case 'bought-now':
      return `${f.title} was bought with Buy It Now for ${formatMoney(f.winningAmount)}`;
    case 'reserve-not-met':
      return `${f.title} ended: the reserve was not met`;
    case 'no-bids':
      return `${f.title} ended with no bids`;
  }
}

/** The winner, the seller, the top bidder of a reserve-not-met close and every other watcher: one notice each. */
export function closeNotices(f: ClosedAuctionFacts): NoticeDraft[] {
  const subject = `auction:${f.auctionId}`;
  const base = { subject, auctionId: f.auctionId };
  const out: NoticeDraft[] = [];
  const sold = f.outcome === 'sold' || f.outcome === 'bought-now';
  if (sold && f.winnerId !== null) {
    const verb = f.outcome === 'bought-now' ? 'bought' : 'won';
    out.push({
      ...base,
      userId: f.winnerId,
      kind: 'won',
      text: `You ${verb} ${f.title} for ${formatMoney(f.winningAmount)}`,
      link: transactionLink(f.auctionId),
    });
  }
  if (f.sellerId !== null) {
    if (sold)
      out.push({
        ...base,
        userId: f.sellerId,
        kind: 'sold',
        text: `Your ${f.title} sold for ${formatMoney(f.winningAmount)}`,
        link: transactionLink(f.auctionId),
      });
    else if (f.outcome === 'reserve-not-met')
      out.push({
        ...base,
        userId: f.sellerId,
        kind: 'reserve-not-met',
        text: `Your ${f.title} ended: the reserve was not met (high bid ${formatMoney(f.highBid)})`,
        link: listingLink(f.auctionId),
      });
    else
      out.push({
        ...base,
        userId: f.sellerId,
        kind: 'unsold',
        text: `Your ${f.title} ended with no bids`,
        link: listingLink(f.auctionId),
      });
  }
  if (f.outcome === 'reserve-not-met' && f.topBidderId !== null && f.topBidderId !== f.sellerId)
    out.push({
      ...base,
      userId: f.topBidderId,
      kind: 'reserve-not-met',
      text: `${f.title} ended: the reserve was not met by your ${formatMoney(f.highBid)} bid`,
      link: listingLink(f.auctionId),
    });
  const told = new Set(out.map((n) => n.userId));
  for (const w of f.watcherIds) {
    if (told.has(w)) continue;
    told.add(w);
    out.push({ ...base, userId: w, kind: 'watch-ended', text: endedText(f), link: listingLink(f.auctionId) });
  }
  return out;
}

/** A fired bid alert joins the list; it is mailed when the alert's own settings say so (emailEnabled, default on). */
export function alertNotice(o: {
  userId: number;
  alertId: number;
  seq: number;
  auctionId: number;
  text: string;
  emailEnabled: boolean;
}): NoticeDraft {
  return {
    userId: o.userId,
    kind: 'alert',
    // One notice per firing: the alert.fired event's place in the user's stream names it.
    subject: `alert:${o.alertId}:${o.seq}`,
    auctionId: o.auctionId,
    text: o.text,
    link: listingLink(o.auctionId),
    mail: o.emailEnabled,
  };
}

/** A watcher's "ending in 15 minutes" notice, once per auction. */
export function watchEndingNotice(o: {
  userId: number;
  auctionId: number;
  title: string;
  minutesLeft: number;
}): NoticeDraft {
  return {
    userId: o.userId,
    kind: 'watch-ending',
    subject: `auction:${o.auctionId}`,
    auctionId: o.auctionId,
    text: `${o.title} is ending in ${Math.max(1, o.minutesLeft)} minutes`,
    link: listingLink(o.auctionId),
  };
}

/** A step on an escrow, told to one party (the same words as on the escrow page), once per step. */
export function escrowStepNotice(n: { userId: number; auctionId: number; stepId: number; text: string }): NoticeDraft {
  return {
    userId: n.userId,
    kind: 'escrow',
    subject: `escrow-step:${n.stepId}`,
    auctionId: n.auctionId,
    text: n.text,
    link: transactionLink(n.auctionId),
  };
}

/**
 * A newly approved listing that one of a member's saved searches finds: once per search and listing (the subject
 * names both), so a replayed approval or a second consumer tells no one again, and two searches finding it tell twice.
 */
export function savedSearchNotice(o: {
  userId: number;
  searchId: number;
  searchName: string;
  auctionId: number;
  title: string;
  priceCents: number;
}): NoticeDraft {
  return {
    userId: o.userId,
    kind: 'saved-search',
    subject: `search:${o.searchId}:auction:${o.auctionId}`,
    auctionId: o.auctionId,
    text: `New for your search "${o.searchName}": ${o.title}, from ${formatCents(o.priceCents)}`,
    link: listingLink(o.auctionId),
  };
}

/** The members whose saved searches find a newly approved listing, one notice per search; the seller is not told. */
export function savedSearchNotices(
  listing: SearchableListing & { auctionId: number; title: string; sellerId: number | null },
  searches: readonly { id: number; userId: number; name: string; filters: SearchFilters }[],
): NoticeDraft[] {
  return searches
    .filter((s) => s.userId !== listing.sellerId && matchesSearch(s.filters, listing))
    .map((s) =>
      savedSearchNotice({
        userId: s.userId,
        searchId: s.id,
        searchName: s.name,
        auctionId: listing.auctionId,
        title: listing.title,
        priceCents: listing.priceCents,
      }),
    );
}
