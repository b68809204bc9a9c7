// One auction as its page shows it: the detail answer, overtaken by the live store once the socket knows more.
import { useEffect } from 'react';
import type { AuctionDetail, Standing } from '@app/shared';
import { useServerClock, useTicker } from '../../../lib/server-clock';
import { standingOf } from '../utils/standing';
import { useAuction } from '../api/get-auction';
import { useLiveAuctions, type LiveAuction } from '../stores/live-auctions';
import { useLiveAuction } from './use-live-auction';

export type ListingState = Pick<
  LiveAuction,
  'currentBid' | 'bidCount' | 'endTime' | 'status' | 'reserveStatus' | 'bids' | 'extendedAt' | 'closedOutcome'
> & {
  winningAmount: string | null;
};

/** What the listing page and the controls composed into it (bidding, buying) see of an auction. */
export interface Listing {
  auction: AuctionDetail;
  state: ListingState;
  /** Which price and label to show, the lowest bid accepted now, how it ended (shared standing rules). */
  standing: Standing;
  title: string;
}

export function useListing(auctionId: number, valid: boolean) {
  const detail = useAuction(auctionId, valid);
  useLiveAuction(valid ? [auctionId] : []);
  const live = useLiveAuctions((s) => s.auctions[auctionId]);
  const now = useTicker((s) => s.now);
  const offset = useServerClock((s) => s.offsetMs);

  useEffect(() => {
    const d = detail.data;
    if (!d) return;
    useServerClock.getState().learn(d.serverTime);
    useLiveAuctions.getState().seed(d.id, {
      currentBid: d.currentBid,
      bidCount: d.bidCount,
      endTime: d.endTime,
      status: d.status,
      reserveStatus: d.reserveStatus,
      seq: d.seq,
      winningAmount: d.winningAmount,
      bids: d.recentBids,
    });
  }, [detail.data]);

  const a = detail.data;
  let listing: Listing | undefined;
  if (a) {
    const state: ListingState =
      live && live.seq >= a.seq
        ? { ...live, winningAmount: live.winningAmount === undefined ? a.winningAmount : live.winningAmount }
        : { ...a, bids: a.recentBids, extendedAt: undefined, closedOutcome: undefined };
    listing = {
      auction: a,
      state,
      standing: standingOf({ ...state, startingBid: a.startingBid }, now + offset),
      title: `${a.car.year} ${a.car.make} ${a.car.model}`,
    };
  }
  return { detail, listing };
}
