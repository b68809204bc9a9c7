// An open auction as the bidding rules read it, for the tests of deciding bids and of the events made of them.
import type { BiddingState } from '../src/index.js';

export const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;

/** Auction 7, open for another hour, starting at $10,000, no bids, no reserve; `over` changes any of it. */
export const biddingState = (over: Partial<BiddingState> = {}): BiddingState => ({
  auctionId: 7,
  status: 'active',
  endTimeMs: NOW + HOUR,
  isPremiumOnly: false,
  sellerId: 99,
  currentBidCents: 0,
  buyItNowCents: null,
  startingBidCents: 10_000_00,
  bidCount: 0,
  reserveCents: null,
  ...over,
});
