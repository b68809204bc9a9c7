import { useQueryClient } from '@tanstack/react-query';
import type { MaxBidResponse, PlaceBidResponse } from '@app/shared';
import { auctionQueryKey, auctionsQueryKey, useLiveAuctions } from '../../../shared/auction-state';
import { useMe } from '../../../shared/session';
import { maxBidKey } from '../api/max-bid';
import { carriedMax, maxReadings } from './carried-max';

/** After a bid or a purchase: the lists and the auction's page refetch what changed. */
export function useSaleChanged(): (auctionId: number) => void {
  const queryClient = useQueryClient();
  return (auctionId) => {
    void queryClient.invalidateQueries({ queryKey: auctionsQueryKey });
    void queryClient.invalidateQueries({ queryKey: auctionQueryKey(auctionId) });
  };
}

/**
 * After the bidder's own bid was accepted: the 201 answer is the auction's new state, put into the live store as the
 * socket's event for it would be (which then adds nothing). The page fetches the auction again only when the answer
 * shows a gap in what the socket told; "Your max" is carried over to the new bid count with the answer's standing;
 * the lists are marked stale and read again when next shown.
 */
export function useOwnBidPlaced(): (bid: PlaceBidResponse) => void {
  const queryClient = useQueryClient();
  const me = useMe();
  return (bid) => {
    void queryClient.invalidateQueries({ queryKey: auctionsQueryKey, refetchType: 'none' });
    const mustRefetch = useLiveAuctions.getState().placedOwn(bid, me.data?.user?.name ?? '');
    if (mustRefetch) void queryClient.invalidateQueries({ queryKey: auctionQueryKey(bid.auctionId) });
    const carried = carriedMax(maxReadings(queryClient, bid.auctionId), {
      bidCount: bid.bidCount,
      currentBid: bid.currentBid,
      leading: bid.leading,
      maxAmount: bid.maxAmount,
    });
    if (carried) queryClient.setQueryData<MaxBidResponse>([...maxBidKey(bid.auctionId), bid.bidCount], carried);
  };
}
