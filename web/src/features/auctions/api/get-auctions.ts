import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUCTION_SORTS, AuctionListSchema, SERVER_TIME_HEADER } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import { useServerClock } from '../../../lib/server-clock';

export type AuctionSort = (typeof AUCTION_SORTS)[number];

/** Every list of auctions, whatever its order: invalidate this after anything that changes a price or a status. */
export const auctionsQueryKey = ['/api/auctions'] as const;

/** The list answer carries the server clock in a header, so the cards count down on the server's time. */
const learnServerTime = (res: Response) => {
  const serverTime = res.headers.get(SERVER_TIME_HEADER);
  if (serverTime) useServerClock.getState().learn(Number(serverTime));
};

export const auctionsQuery = (sort: AuctionSort) =>
  queryOptions({
    queryKey: [...auctionsQueryKey, sort],
    queryFn: () => apiRequest('GET', `/api/auctions?sort=${sort}`, AuctionListSchema, { onResponse: learnServerTime }),
  });

export const useAuctions = (sort: AuctionSort = 'ending-soon') => useQuery(auctionsQuery(sort));
