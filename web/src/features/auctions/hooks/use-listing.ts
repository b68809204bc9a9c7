// One auction as its page shows it: the detail answer, overtaken by the live store once the socket knows more.
import { useEffect } from 'react';
import { useServerClock, useTicker } from '../../../lib/server-clock';
import {
  mergeLive,
  standingOf,
  useAuction,
  useLiveAuction,
  useLiveAuctions,
  type Listing,
} from '../../../shared/auction-state';

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
    const state = mergeLive({ ...a, bids: a.recentBids }, live);
    listing = {
      auction: a,
      state,
      standing: standingOf({ ...state, startingBid: a.startingBid }, now + offset),
      title: `${a.car.year} ${a.car.make} ${a.car.model}`,
    };
  }
  return { detail, listing };
}
