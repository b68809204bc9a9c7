// What the listing page and the controls the app composes into it (bidding, buying) see of one auction.
import type { AuctionDetail, Standing } from '@app/shared';
import type { LiveAuction } from './live-auctions';

export type ListingState = Pick<
  LiveAuction,
  'currentBid' | 'bidCount' | 'endTime' | 'status' | 'reserveStatus' | 'bids' | 'extendedAt' | 'closedOutcome'
> & {
  winningAmount: string | null;
};

export interface Listing {
  auction: AuctionDetail;
  state: ListingState;
  /** Which price and label to show, the lowest bid accepted now, how it ended (shared standing rules). */
  standing: Standing;
  title: string;
}
