// The notices of saved searches that find a newly approved listing, derived from its `auction.opened` by the workers'
// events consumer. The rule is shared savedSearchNotices (matchesSearch); each notice's key names the search and the
// listing, so a replayed event or two consumers at once write it once (recordNotices' on conflict do nothing).
import type { Sql } from 'postgres';
import { auctionPrice, savedSearchNotices, toCents, type DomainEvent, type NoticeDraft } from '@app/shared';
import { storedFilters } from './saved-searches.js';

type Opened = Extract<DomainEvent, { type: 'auction.opened' }>;

interface ListingRow {
  id: number;
  title: string;
  category: 'luxury' | 'sports' | 'classic' | 'suv';
  make: string;
  model: string;
  year: number;
  ownerId: number | null;
  startingBid: string;
  currentBid: string;
  bidCount: number;
  endTime: Date;
}

export async function savedSearchDrafts(sql: Sql, opened: readonly Opened[]): Promise<NoticeDraft[]> {
  if (opened.length === 0) return [];
  // Still live when the event is read: a listing closed or bought before its approval was handled tells no one.
  const listings = await sql<ListingRow[]>`
    select a.id, c.year || ' ' || c.make || ' ' || c.model as title, c.category, c.make, c.model, c.year, c.owner_id,
           a.starting_bid, a.current_bid, a.bid_count, a.end_time
    from auctions a join cars c on c.id = a.car_id
    where a.id = any(${opened.map((e) => e.auctionId)}::int[]) and a.status = 'active'`;
  if (listings.length === 0) return [];
  // Only searches of any category or of one of these listings' (a superset of the matches: the rule decides below).
  const categories = [...new Set(listings.map((l) => l.category))];
  const searches = (
    await sql<{ id: number; userId: number; name: string; filters: unknown }[]>`
      select id, user_id, name, filters from saved_searches
      where coalesce(filters->>'category', 'all') = 'all' or filters->>'category' = any(${categories}::text[])
      order by id`
  ).map((s) => ({ ...s, filters: storedFilters(s.filters) }));
  return listings.flatMap((l) =>
    savedSearchNotices(
      {
        auctionId: l.id,
        title: l.title,
        sellerId: l.ownerId,
        category: l.category,
        make: l.make,
        model: l.model,
        year: l.year,
        priceCents: auctionPrice({
          status: 'active',
          endTimeMs: l.endTime.getTime(),
          startingBidCents: toCents(l.startingBid),
          currentBidCents: toCents(l.currentBid),
          bidCount: l.bidCount,
          winningCents: null,
        }).cents,
      },
      searches,
    ),
  );
}
