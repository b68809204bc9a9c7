import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  AUCTION_SORTS,
  AuctionListSchema,
  NEXT_CURSOR_HEADER,
  SERVER_TIME_HEADER,
  type AuctionListQuery,
} from '@app/shared';
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
  if (query.make) params.set('make', query.make);
  for (const key of ['minPrice', 'maxPrice', 'minYear', 'maxYear'] as const) {
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
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

export const useAuctions = (query: Partial<AuctionListQuery> = {}, enabled = true) =>
  useQuery({ ...auctionsQuery(query), enabled });

/** The Ended view, a page at a time: each page's `x-next-cursor` header says where the next one starts. */
export const useEndedAuctions = (query: Partial<AuctionListQuery>, enabled: boolean) => {
  const search = auctionsSearch({ ...query, view: 'ended' });
  return useInfiniteQuery({
    queryKey: [...auctionsQueryKey, search, 'pages'],
    enabled,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      let next: string | null = null;
      const auctions = await apiRequest(
        'GET',
        `/api/auctions?${search}${pageParam ? `&after=${encodeURIComponent(pageParam)}` : ''}`,
        AuctionListSchema,
        {
          onResponse: (res) => {
            learnServerTime(res);
            next = res.headers.get(NEXT_CURSOR_HEADER);
          },
        },
      );
      return { auctions, next };
    },
    getNextPageParam: (page) => page.next,
  });
};
