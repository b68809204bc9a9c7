// The digest's "Matching your saved searches" section: the live listings ending in the next 24 hours that any of the
// member's saved searches finds, decided by the same rule (matchesSearch) as the list, the dashboard's counts and the
// approval notices.
import type { TransactionSql } from 'postgres';
import { auctionPrice, centsToDecimal, matchesSearch, toCents } from '@app/shared';
import { storedFilters } from './saved-searches.js';

interface EndingRow {
  auctionId: number;
  title: string;
  category: 'luxury' | 'sports' | 'classic' | 'suv';
  make: string;
  model: string;
  year: number;
  startingBid: string;
  currentBid: string;
  bidCount: number;
  endTime: Date;
}

export interface EndingMatch {
  auctionId: number;
  title: string;
  /** The shown price, a decimal string. */
  price: string;
  endTime: Date;
}

export async function savedSearchMatchesEndingSoon(
  tx: TransactionSql,
  userId: number,
  limit: number,
): Promise<EndingMatch[]> {
  const searches = await tx<{ filters: unknown }[]>`select filters from saved_searches where user_id = ${userId}`;
  if (searches.length === 0) return [];
  const filters = searches.map((s) => storedFilters(s.filters));
  const ending = await tx<EndingRow[]>`
    select a.id as auction_id, c.year || ' ' || c.make || ' ' || c.model as title, c.category, c.make, c.model, c.year,
           a.starting_bid, a.current_bid, a.bid_count, a.end_time
    from auctions a join cars c on c.id = a.car_id
    where a.status = 'active' and a.end_time > now() and a.end_time <= now() + interval '24 hours'
      and (c.owner_id is null or c.owner_id <> ${userId})
    order by a.end_time, a.id`;
  const matches: EndingMatch[] = [];
  for (const l of ending) {
    const priceCents = auctionPrice({
      status: 'active',
      endTimeMs: l.endTime.getTime(),
      startingBidCents: toCents(l.startingBid),
      currentBidCents: toCents(l.currentBid),
      bidCount: l.bidCount,
      winningCents: null,
    }).cents;
    const listing = { category: l.category, make: l.make, model: l.model, year: l.year, priceCents };
    if (!filters.some((f) => matchesSearch(f, listing))) continue;
    matches.push({ auctionId: l.auctionId, title: l.title, price: centsToDecimal(priceCents), endTime: l.endTime });
    if (matches.length >= limit) break;
  }
  return matches;
}
