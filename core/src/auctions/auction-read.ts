// Reading auctions as browsers see them. The reserve price is read only to say whether it is met.
import type { Sql } from 'postgres';
import {
  ENDED_AUCTIONS_PAGE,
  SITEMAP_ENDED_DAYS,
  centsToDecimal,
  reserveStatus,
  toCents,
  type Auction,
  type AuctionDetail,
  type AuctionListQuery,
  type Car,
  type SearchFilters,
  searchWords,
} from '@app/shared';
import { Invalid, NotFound } from '../errors.js';

interface AuctionRow {
  id: number;
  carId: number;
  auctionType: Auction['auctionType'];
  isPremiumOnly: boolean;
  startingBid: string;
  currentBid: string;
  buyItNowPrice: string | null;
  winningAmount: string | null;
  reservePrice: string | null;
  startTime: Date;
  endTime: Date;
  isActive: boolean;
  status: Auction['status'];
  location: string;
  bidCount: number;
  isSample: boolean;
  seq: string;
  createdAt: Date;
  vin: string;
  year: number;
  make: string;
  model: string;
  mileage: number;
  condition: string;
  category: Car['category'];
  images: string[];
  description: string;
  ownerId: number | null;
  aiEstimatedValue: string | null;
  aiConfidence: number | null;
  aiDaysToSell: string | null;
}

// The price a card shows (shared auctionPrice): the starting bid until someone bids; for an ended auction what it
// sold for. Sorting by it keeps auctions without bids from sorting as $0.
const SHOWN_PRICE = 'coalesce(a.winning_amount, case when a.bid_count = 0 then a.starting_bid else a.current_bid end)';
const ORDER = {
  'ending-soon': 'a.end_time asc, a.id asc',
  'price-low': `${SHOWN_PRICE} asc, a.id asc`,
  'price-high': `${SHOWN_PRICE} desc, a.id asc`,
  'recently-added': 'a.created_at desc, a.id desc',
} as const;
/** Ended auctions: the most recently closed first, unless a price order is asked for. */
const ENDED_ORDER = {
  ...ORDER,
  'ending-soon': 'a.closed_at desc, a.id desc',
  'recently-added': 'a.closed_at desc, a.id desc',
} as const;
const isPriceOrder = (sort: AuctionListQuery['sort']) => sort === 'price-low' || sort === 'price-high';

/** A search text as ilike patterns, one per word (shared searchWords), with the pattern characters taken literally. */
export function searchPatterns(q: string): string[] {
  return searchWords(q).map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * The /auctions filters in SQL, clause by clause the shared matchesSearch (search-match.ts): category, every word in
 * "make model", the make in any case, the shown price and the model year within their inclusive bounds.
 */
function filterClauses(sql: Sql, f: SearchFilters) {
  const words = searchPatterns(f.q);
  const make = f.make.trim();
  return sql`
    ${f.category === 'all' ? sql`` : sql`and c.category = ${f.category}`}
    ${words.reduce((all, w) => sql`${all} and (c.make || ' ' || c.model) ilike ${w}`, sql``)}
    ${make === '' ? sql`` : sql`and lower(c.make) = lower(${make})`}
    ${f.minPrice === undefined ? sql`` : sql`and ${sql.unsafe(SHOWN_PRICE)} >= ${f.minPrice}::numeric`}
    ${f.maxPrice === undefined ? sql`` : sql`and ${sql.unsafe(SHOWN_PRICE)} <= ${f.maxPrice}::numeric`}
    ${f.minYear === undefined ? sql`` : sql`and c.year >= ${f.minYear}`}
    ${f.maxYear === undefined ? sql`` : sql`and c.year <= ${f.maxYear}`}`;
}

function selectAuctions(sql: Sql, extra = sql``) {
  return sql`
    select ${extra} a.id, a.car_id, a.auction_type, a.is_premium_only, a.starting_bid, a.current_bid, a.buy_it_now_price, a.winning_amount,
           a.reserve_price, a.start_time, a.end_time, a.is_active, a.status, a.location, a.bid_count,
           -- A sample listing's result is a sample unless a real member bought it (the sale opened an escrow).
           (a.is_sample and not exists (select 1 from escrow_transactions e where e.auction_id = a.id)) as is_sample,
           coalesce(s.seq, 0) as seq, a.created_at,
           c.vin, c.year, c.make, c.model, c.mileage, c.condition, c.category, c.images, c.description, c.owner_id,
           c.ai_estimated_value, c.ai_confidence, c.ai_days_to_sell
    from auctions a join cars c on c.id = a.car_id
    -- The auction's bid-state stream (streams.auction in shared): its last sequence number.
    left join event_streams s on s.stream = 'auction:' || a.id`;
}

export function toAuction(r: AuctionRow): Auction {
  return {
    id: r.id,
    carId: r.carId,
    car: {
      id: r.carId,
      vin: r.vin,
      year: r.year,
      make: r.make,
      model: r.model,
      mileage: r.mileage,
      condition: r.condition,
      category: r.category,
      images: r.images ?? [],
      description: r.description,
      ownerId: r.ownerId,
      aiEstimatedValue: r.aiEstimatedValue,
      aiConfidence: r.aiConfidence,
      aiDaysToSell: r.aiDaysToSell,
    },
    auctionType: r.auctionType,
    isPremiumOnly: r.isPremiumOnly,
    startingBid: r.startingBid,
    currentBid: r.currentBid,
    buyItNowPrice: r.buyItNowPrice,
    winningAmount: r.winningAmount,
    reserveStatus: reserveStatus(
      r.reservePrice === null ? null : toCents(r.reservePrice),
      toCents(r.currentBid),
      r.bidCount,
    ),
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    isActive: r.isActive,
    status: r.status,
    location: r.location,
    bidCount: r.bidCount,
    isSample: r.isSample,
    seq: Number(r.seq),
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Where the next page of ended auctions starts: after the last row of this one, in the page's own order. A cursor of
 * the other kind than the order (a price cursor in the recency order) is refused rather than guessed at.
 */
function afterCursor(sql: Sql, query: AuctionListQuery) {
  if (!query.after) return sql``;
  const [kind, key, idText] = query.after.split('.') as ['t' | 'p', string, string];
  const id = Number(idText);
  if ((kind === 'p') !== isPriceOrder(query.sort))
    throw new Invalid('This cursor belongs to another order of the list');
  if (kind === 't') {
    // Microseconds as a whole number: the cursor holds closed_at exactly, so no row is skipped or repeated.
    return sql`and (a.closed_at, a.id) < (timestamptz 'epoch' + ${key}::bigint * interval '1 microsecond', ${id})`;
  }
  const price = centsToDecimal(Number(key));
  return query.sort === 'price-low'
    ? sql`and (${sql.unsafe(SHOWN_PRICE)}, a.id) > (${price}::numeric, ${id})`
    : sql`and (${sql.unsafe(SHOWN_PRICE)} < ${price}::numeric or (${sql.unsafe(SHOWN_PRICE)} = ${price}::numeric and a.id > ${id}))`;
}

/**
 * The auctions list: live auctions (every one; a few dozen at a time), or ended ones with how they ended, a page at a
 * time after a keyset cursor. The filters narrow either view in SQL (filterClauses), through cars_category and the
 * make/model trigram index; the Ended view's orders run on auctions_closed_at and auctions_ended_price.
 */
export async function listAuctions(
  sql: Sql,
  query: AuctionListQuery,
): Promise<{ auctions: Auction[]; next: string | null }> {
  const ended = query.view === 'ended';
  const rows = await sql<(AuctionRow & { closedUs: string | null; shownPrice: string })[]>`
    ${selectAuctions(sql, sql`(extract(epoch from a.closed_at) * 1000000)::bigint as closed_us, ${sql.unsafe(SHOWN_PRICE)} as shown_price,`)}
    where ${ended ? sql`a.closed_at is not null and a.status in ('sold', 'reserve-not-met', 'no-bids', 'bought-now')` : sql`a.status = 'active'`}
      ${filterClauses(sql, query)}
      ${ended ? afterCursor(sql, query) : sql``}
    order by ${sql.unsafe((ended ? ENDED_ORDER : ORDER)[query.sort])}
    ${ended ? sql`limit ${ENDED_AUCTIONS_PAGE + 1}` : sql``}`;
  const more = ended && rows.length > ENDED_AUCTIONS_PAGE;
  const page = more ? rows.slice(0, ENDED_AUCTIONS_PAGE) : rows;
  const last = page.at(-1);
  let next: string | null = null;
  if (more && last)
    next = isPriceOrder(query.sort) ? `p.${toCents(last.shownPrice)}.${last.id}` : `t.${last.closedUs}.${last.id}`;
  return { auctions: page.map(toAuction), next };
}

export async function listAuctionsByStatus(sql: Sql, status: Auction['status']): Promise<Auction[]> {
  const rows = await sql<AuctionRow[]>`${selectAuctions(sql)} where a.status = ${status} order by a.created_at`;
  return rows.map(toAuction);
}

export async function getAuctionDetail(sql: Sql, id: number): Promise<AuctionDetail> {
  const [rows, bids, [clock]] = await Promise.all([
    sql<AuctionRow[]>`${selectAuctions(sql)} where a.id = ${id} and a.status not in ('pending', 'rejected')`,
    sql<{ id: string; amount: string; bidderName: string; timestamp: Date; proxy: boolean }[]>`
      select b.id, b.amount, u.name as bidder_name, b.timestamp, b.proxy
      from bids b join users u on u.id = b.user_id
      where b.auction_id = ${id}
      order by b.timestamp desc, b.id desc
      limit 20`,
    sql<{ now: Date }[]>`select now()`,
  ]);
  const row = rows[0];
  if (!row) throw new NotFound('Auction not found');
  return {
    ...toAuction(row),
    serverTime: clock!.now.toISOString(),
    recentBids: bids.map((b) => ({
      id: Number(b.id),
      amount: b.amount,
      bidderName: b.bidderName,
      timestamp: b.timestamp.toISOString(),
      proxy: b.proxy,
    })),
  };
}

/**
 * What sitemap.xml lists: every live auction and those ended in the last SITEMAP_ENDED_DAYS (their pages keep the
 * result), each with when it last changed. Bounded by the sitemap protocol's 50,000 addresses.
 */
export async function listSitemapAuctions(sql: Sql): Promise<{ id: number; changedAt: string }[]> {
  const rows = await sql<{ id: number; changedAt: Date }[]>`
    select a.id, coalesce(a.closed_at, a.start_time) as changed_at
    from auctions a
    where a.status = 'active'
       or (a.closed_at > now() - ${SITEMAP_ENDED_DAYS} * interval '1 day'
           and a.status in ('sold', 'reserve-not-met', 'no-bids', 'bought-now'))
    order by a.id desc
    limit 50000`;
  return rows.map((r) => ({ id: r.id, changedAt: r.changedAt.toISOString() }));
}
