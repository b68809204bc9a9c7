import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUCTION_SORTS, AuctionListSchema, SERVER_TIME_HEADER, type AuctionListQuery } from '@app/shared';
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

/** The query string of a list request: defaults left out, so the plain list is `?sort=ending-soon`. */
export function auctionsSearch(query: Partial<AuctionListQuery>): string {
  const params = new URLSearchParams({ sort: query.sort ?? 'ending-soon' });
  if (query.category && query.category !== 'all') params.set('category', query.category);
  if (query.q) params.set('q', query.q);
  if (query.view && query.view !== 'live') params.set('view', query.view);
  return params.toString();
}

export const auctionsQuery = (query: Partial<AuctionListQuery> = {}) => {
  const search = auctionsSearch(query);
  return queryOptions({
    queryKey: [...auctionsQueryKey, search],
    queryFn: () => apiRequest('GET', `/api/auctions?${search}`, AuctionListSchema, { onResponse: learnServerTime }),
  });
};

export const useAuctions = (query: Partial<AuctionListQuery> = {}) => useQuery(auctionsQuery(query));
