// Who may bid on or buy an auction right now. The API decides with it under the row lock; the listing page uses the
// same answers to show or hide its controls and to explain why.
import type { AUCTION_STATUSES } from '../constants.js';
import { ALLOWED, refuse, type Verdict } from './refusal.js';

export interface EligibilityAuction {
  status: (typeof AUCTION_STATUSES)[number];
  endTimeMs: number;
  isPremiumOnly: boolean;
  /** The car's owner; null for sample cars that belong to nobody. */
  sellerId: number | null;
  currentBidCents: number;
  buyItNowCents: number | null;
}

export interface Participant {
  id: number;
  isPremium: boolean;
}

export const ELIGIBILITY_TEXTS = {
  notFound: 'Auction not found',
  signInToBid: 'Please sign in to bid',
  signInToBuy: 'Please sign in to buy',
  ended: 'This auction has ended',
  ownBid: 'You cannot bid on your own car',
  ownBuy: 'You cannot buy your own car',
  // No upgrade is sold here (premium is granted by the marketplace's team), so no sentence points at one.
  premiumBid: 'This auction is open to premium members only.',
  premiumBuy: 'This auction is open to premium members only.',
  noBuyNow: 'This auction has no Buy It Now price',
  boughtNow: 'This vehicle has already been purchased',
  buyNowPassed: 'Bidding has reached the Buy It Now price; Buy It Now is no longer available',
} as const;

/** An auction that is not yet approved, or was rejected, does not exist for buyers. */
export const isVisible = (a: Pick<EligibilityAuction, 'status'>): boolean =>
  a.status !== 'pending' && a.status !== 'rejected';

/** Ended by its status or by the clock: a close job may not have run yet when the end time has passed. */
export const hasEnded = (a: Pick<EligibilityAuction, 'status' | 'endTimeMs'>, nowMs: number): boolean =>
  a.status !== 'active' || a.endTimeMs <= nowMs;

export const isSeller = (a: Pick<EligibilityAuction, 'sellerId'>, user: Pick<Participant, 'id'> | null): boolean =>
  user !== null && a.sellerId !== null && a.sellerId === user.id;

export function bidVerdict(a: EligibilityAuction, user: Participant | null, nowMs: number): Verdict {
  if (!isVisible(a)) return refuse('not-found', ELIGIBILITY_TEXTS.notFound);
  if (hasEnded(a, nowMs)) return refuse('conflict', ELIGIBILITY_TEXTS.ended);
  if (user === null) return refuse('unauthorized', ELIGIBILITY_TEXTS.signInToBid);
  if (isSeller(a, user)) return refuse('forbidden', ELIGIBILITY_TEXTS.ownBid);
  if (a.isPremiumOnly && !user.isPremium) return refuse('forbidden', ELIGIBILITY_TEXTS.premiumBid);
  return ALLOWED;
}

export function buyNowVerdict(a: EligibilityAuction, user: Participant | null, nowMs: number): Verdict {
  if (!isVisible(a)) return refuse('not-found', ELIGIBILITY_TEXTS.notFound);
  if (a.buyItNowCents === null) return refuse('conflict', ELIGIBILITY_TEXTS.noBuyNow);
  if (a.status === 'bought-now') return refuse('conflict', ELIGIBILITY_TEXTS.boughtNow);
  if (hasEnded(a, nowMs)) return refuse('conflict', ELIGIBILITY_TEXTS.ended);
  if (a.currentBidCents >= a.buyItNowCents) return refuse('conflict', ELIGIBILITY_TEXTS.buyNowPassed);
  if (user === null) return refuse('unauthorized', ELIGIBILITY_TEXTS.signInToBuy);
  if (isSeller(a, user)) return refuse('forbidden', ELIGIBILITY_TEXTS.ownBuy);
  if (a.isPremiumOnly && !user.isPremium) return refuse('forbidden', ELIGIBILITY_TEXTS.premiumBuy);
  return ALLOWED;
}

export interface Eligibility {
  bid: Verdict;
  buyNow: Verdict;
  isSeller: boolean;
  ended: boolean;
}

/** Everything a page or a route needs to know about one viewer and one auction at one instant. */
export function eligibility(a: EligibilityAuction, user: Participant | null, nowMs: number): Eligibility {
  return {
    bid: bidVerdict(a, user, nowMs),
    buyNow: buyNowVerdict(a, user, nowMs),
    isSeller: isSeller(a, user),
    ended: hasEnded(a, nowMs),
  };
}
