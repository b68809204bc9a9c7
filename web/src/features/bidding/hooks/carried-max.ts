import type { QueryClient } from '@tanstack/react-query';
import type { MaxBidResponse } from '@app/shared';
import { maxBidKey } from '../api/max-bid';

/**
 * What "Your max" says once the viewer's own bid has moved the auction to `next.bidCount`, from the newest reading
 * before it: the same maximum (or the one the bid set), leading at the new price. Undefined when nothing was read
 * before, and the page reads it.
 */
export function carriedMax(
  readings: MaxBidResponse[],
  next: { bidCount: number; currentBid: string; leading?: boolean; maxAmount?: string },
): MaxBidResponse | undefined {
  const known = readings.filter((r) => r.bidCount < next.bidCount).sort((a, b) => b.bidCount - a.bidCount)[0];
  if (!known) return undefined;
  return {
    ...known,
    maxAmount: next.maxAmount ?? known.maxAmount,
    leading: next.leading ?? true,
    currentBid: next.currentBid,
    bidCount: next.bidCount,
    bid: null,
  };
}

/** Every reading of "Your max" on the auction the page holds, whatever bid count it was read at. */
export const maxReadings = (queryClient: QueryClient, auctionId: number): MaxBidResponse[] =>
  queryClient
    .getQueriesData<MaxBidResponse>({ queryKey: maxBidKey(auctionId) })
    .flatMap(([, data]) => (data ? [data] : []));
