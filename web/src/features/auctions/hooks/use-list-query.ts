// The auctions list's filters, order, search and view live in the URL
// (`/auctions?category=suv&sort=price-low&q=porsche&make=porsche&minPrice=20000&maxYear=2015`),
// so a reload, a shared link or the back button shows the same list. Each parameter is parsed by the API's own query
// schema; one that does not parse falls back to its default rather than breaking the page.
import { useSearchParams } from 'react-router';
import { AuctionListQuerySchema, type AuctionListQuery } from '@app/shared';
import { auctionsSearch } from '../../../shared/auction-state';

const field = <K extends keyof AuctionListQuery>(key: K, raw: string | null): AuctionListQuery[K] => {
  const schema = AuctionListQuerySchema.shape[key];
  const parsed = schema.safeParse(raw ?? undefined);
  return (parsed.success ? parsed.data : schema.parse(undefined)) as AuctionListQuery[K];
};

export function useListQuery(): [AuctionListQuery, (change: Partial<AuctionListQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const query: AuctionListQuery = {
    sort: field('sort', params.get('sort')),
    category: field('category', params.get('category')),
    q: field('q', params.get('q')),
    make: field('make', params.get('make')),
    minPrice: field('minPrice', params.get('minPrice')),
    maxPrice: field('maxPrice', params.get('maxPrice')),
    minYear: field('minYear', params.get('minYear')),
    maxYear: field('maxYear', params.get('maxYear')),
    view: field('view', params.get('view')),
  };
  const update = (change: Partial<AuctionListQuery>) => {
    const next = { ...query, ...change };
    const search = new URLSearchParams(auctionsSearch(next));
    // The default order is left out of the address: plain /auctions is the default list.
    if (next.sort === 'ending-soon') search.delete('sort');
    // Typing a search replaces the entry; choosing a filter or an order adds one, so Back undoes it.
    setParams(search, { replace: change.q !== undefined });
  };
  return [query, update];
}
