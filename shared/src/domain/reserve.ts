// The seller lowering the reserve of a live auction (eBay Motors tells the bidders when it happens). A reserve is only
// ever lowered: raising it would take away a sale bidders already bid towards. It stays whole dollars and never goes
// below the starting bid (a reserve at the starting bid is met by the first bid).
import { isWholeDollarTerm } from './bidding.js';
import { hasEnded } from './eligibility.js';
import { listingLink, type NoticeDraft } from './notices.js';
import { ALLOWED, refuse, type Verdict } from './refusal.js';
import type { AUCTION_STATUSES } from '../constants.js';

export const RESERVE_TEXTS = {
  notSeller: 'Only the seller can change the reserve',
  ended: 'The reserve can only be lowered while the auction is live',
  noReserve: 'This auction has no reserve',
  notLower: 'The reserve can only be lowered, never raised',
  belowStart: 'The reserve cannot be below the starting bid',
  notWhole: 'The reserve must be whole dollars',
} as const;

export interface ReserveAuction {
  status: (typeof AUCTION_STATUSES)[number];
  endTimeMs: number;
  sellerId: number | null;
  reserveCents: number | null;
  startingBidCents: number;
}

export function lowerReserveVerdict(a: ReserveAuction, userId: number, newCents: number, nowMs: number): Verdict {
  if (a.sellerId === null || a.sellerId !== userId) return refuse('forbidden', RESERVE_TEXTS.notSeller);
  if (hasEnded(a, nowMs)) return refuse('conflict', RESERVE_TEXTS.ended);
  if (a.reserveCents === null) return refuse('conflict', RESERVE_TEXTS.noReserve);
  if (!isWholeDollarTerm(newCents)) return refuse('invalid', RESERVE_TEXTS.notWhole);
  if (newCents >= a.reserveCents) return refuse('invalid', RESERVE_TEXTS.notLower);
  if (newCents < a.startingBidCents) return refuse('invalid', RESERVE_TEXTS.belowStart);
  return ALLOWED;
}

/** The chat line everyone on the listing sees; the amount stays the seller's secret, only whether it is met now. */
export const reserveLoweredChatText = (met: boolean) =>
  met ? 'The seller lowered the reserve: the reserve is now met' : 'The seller lowered the reserve';

/** Bidders and watchers hear of it once per new reserve (a reserve only goes down, so each amount happens once). */
export function reserveLoweredNotices(o: {
  auctionId: number;
  title: string;
  reserveCents: number;
  met: boolean;
  userIds: readonly number[];
}): NoticeDraft[] {
  return [...new Set(o.userIds)].map((userId) => ({
    userId,
    kind: 'reserve-lowered',
    subject: `reserve:${o.auctionId}:${o.reserveCents}`,
    auctionId: o.auctionId,
    text: `The seller lowered the reserve on ${o.title}${o.met ? ': the current bid meets it now' : ''}`,
    link: listingLink(o.auctionId),
  }));
}
