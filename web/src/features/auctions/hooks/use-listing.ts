// One auction as its page shows it: the detail answer, overtaken by the live store once the socket knows more.
import { useDeferredValue, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { serverNow, useServerClock, useServerTimePassed } from '../../../lib/server-clock';
import {
  mergeLive,
  standingOf,
  useAuction,
  auctionQueryKey,
  useLiveAuction,
  useLiveAuctions,
  type Listing,
} from '../../../shared/auction-state';

export function useListing(auctionId: number, valid: boolean) {
  const detail = useAuction(auctionId, valid);
  useLiveAuction(valid ? [auctionId] : []);
  const live = useLiveAuctions((s) => s.auctions[auctionId]);
  const queryClient = useQueryClient();
  const liveStatus = live?.status;

  // A sale closed while the page is open: read the auction again, so what the sale made (a real buyer's sale is no
  // sample) shows without a reload.
  useEffect(() => {
    if (detail.data?.status === 'active' && (liveStatus === 'sold' || liveStatus === 'bought-now'))
      void queryClient.invalidateQueries({ queryKey: auctionQueryKey(auctionId) });
  }, [liveStatus, detail.data?.status, auctionId, queryClient]);

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

  // The page is drawn from a deferred copy of the answer: drawn at once, the whole listing (photos, facts, bidding,
  // comments) was one uninterruptible task of a phone's main thread; deferred, React draws it in slices that yield to
  // the browser, over the loading frame.
  // Another listing's answer, still deferred after a move from one listing to the next, is not drawn as this one.
  const deferred = useDeferredValue(detail.data);
  const a = deferred?.id === auctionId ? deferred : undefined;
  const state = a && mergeLive({ ...a, bids: a.recentBids }, live);
  // The clock matters to the listing only through whether its end has passed: the page redraws then, not on every
  // tick (its countdown redraws itself).
  useServerTimePassed(state ? Date.parse(state.endTime) : Infinity);
  let listing: Listing | undefined;
  if (a && state) {
    listing = {
      auction: a,
      state,
      standing: standingOf({ ...state, startingBid: a.startingBid }, serverNow()),
      title: `${a.car.year} ${a.car.make} ${a.car.model}`,
    };
  }
  return { detail, listing };
}
