// A member's saved searches: save (at most SAVED_SEARCH_LIMIT, held under a lock on the member's row so racing saves
// cannot pass it), list with how many live auctions each finds now, delete. Every query is scoped by owner, so another
// member's search is simply "not found".
import type { Sql } from 'postgres';
import {
  SAVED_SEARCH_LIMIT,
  SearchFiltersSchema,
  auctionPrice,
  matchesSearch,
  narrowsSearch,
  toCents,
  type Auction,
  type SavedSearch,
  type SavedSearchBody,
  type SearchFilters,
  type SearchableListing,
} from '@app/shared';
import { Conflict, Invalid, NotFound } from '../errors.js';
import { listAuctions } from '../auctions/auction-read.js';

interface SearchRow {
  id: number;
  name: string;
  filters: unknown;
  createdAt: Date;
}

/** A stored filter set, read back through its schema (a row written by an older shape falls back to its defaults). */
export function storedFilters(raw: unknown): SearchFilters {
  const parsed = SearchFiltersSchema.safeParse(raw);
  return parsed.success ? parsed.data : SearchFiltersSchema.parse({});
}

/** What the matching rule reads of an auction as the list shows it. */
export const searchableAuction = (a: Auction): SearchableListing => ({
  category: a.car.category,
  make: a.car.make,
  model: a.car.model,
  year: a.car.year,
  priceCents: auctionPrice({
    status: a.status,
    endTimeMs: Date.parse(a.endTime),
    startingBidCents: toCents(a.startingBid),
    currentBidCents: toCents(a.currentBid),
    bidCount: a.bidCount,
    winningCents: a.winningAmount === null ? null : toCents(a.winningAmount),
  }).cents,
});

export async function saveSearch(sql: Sql, userId: number, body: SavedSearchBody): Promise<SavedSearch> {
  if (!narrowsSearch(body.filters))
    throw new Invalid('Choose at least one filter to save: this search finds every car');
  const saved = await sql.begin(async (tx) => {
    // The member's row, locked against other saves (no key update: bids and watches referencing the user go on).
    await tx`select 1 from users where id = ${userId} for no key update`;
    const [count] = await tx<{ n: number }[]>`select count(*)::int as n from saved_searches where user_id = ${userId}`;
    if (count!.n >= SAVED_SEARCH_LIMIT)
      throw new Conflict(`You can save up to ${SAVED_SEARCH_LIMIT} searches: delete one to save another`);
    const [row] = await tx<SearchRow[]>`
      insert into saved_searches (user_id, name, filters) values (${userId}, ${body.name}, ${tx.json(body.filters as never)})
      returning id, name, filters, created_at`;
    return row!;
  });
  const live = await liveListings(sql);
  return toSavedSearch(saved, live);
}

const liveListings = async (sql: Sql) =>
  (await listAuctions(sql, { sort: 'ending-soon', view: 'live', category: 'all', q: '', make: '' })).auctions.map(
    searchableAuction,
  );

function toSavedSearch(r: SearchRow, live: SearchableListing[]): SavedSearch {
  const filters = storedFilters(r.filters);
  return {
    id: r.id,
    name: r.name,
    filters,
    matches: live.filter((l) => matchesSearch(filters, l)).length,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The member's saved searches, newest first, each with how many live auctions it finds now (the same rule). */
export async function listSavedSearches(sql: Sql, userId: number): Promise<SavedSearch[]> {
  const [rows, live] = await Promise.all([
    sql<SearchRow[]>`
      select id, name, filters, created_at from saved_searches where user_id = ${userId} order by id desc`,
    liveListings(sql),
  ]);
  return rows.map((r) => toSavedSearch(r, live));
}

export async function deleteSavedSearch(sql: Sql, userId: number, id: number): Promise<void> {
  const rows = await sql`delete from saved_searches where id = ${id} and user_id = ${userId} returning id`;
  if (rows.length === 0) throw new NotFound('Saved search not found');
}
