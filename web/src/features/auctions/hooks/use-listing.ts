// One auction as its page shows it: the detail answer, overtaken by the live store once the socket knows more.
import { useEffect } from 'react';
import type { AuctionDetail } from '@app/shared';
import { useServerClock } from '../../../lib/server-clock';
import { useAuction } from '../api/get-auction';
import { useLiveAuctions, type LiveAuction } from '../stores/live-auctions';
import { useLiveAuction } from './use-live-auction';

export type ListingState = Pick<LiveAuction, 'currentBid' | 'bidCount' | 'endTime' | 'status' | 'reserveStatus' | 'bids' | 'extendedAt' | 'closedOutcome'>;

/** What the listing page and the controls composed into it (bidding, buying) see of an auction. */
export interface Listing {
  auction: AuctionDetail;
  state: ListingState;
  title: string;
}

export function useListing(auctionId: number, valid: boolean) {
  const detail = useAuction(auctionId, valid);
  useLiveAuction(valid ? [auctionId] : []);
  const live = useLiveAuctions((s) => s.auctions[auctionId]);

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
      bids: d.recentBids,
    });
  }, [detail.data]);

  const a = detail.data;
  const listing: Listing | undefined = a && {
    auction: a,
    state: live && live.seq >= a.seq ? live : { ...a, bids: a.recentBids, extendedAt: undefined, closedOutcome: undefined },
    title: `${a.car.year} ${a.car.make} ${a.car.model}`,
  };
  return { detail, listing };
}
