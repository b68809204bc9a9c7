// Reading auctions as browsers see them. The reserve price is read only to say whether it is met.
import type { Sql } from 'postgres';
import {
  ENDED_AUCTIONS_PAGE,
  centsToDecimal,
  reserveStatus,
  toCents,
  type Auction,
  type AuctionDetail,
  type AuctionListQuery,
  type Car,
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

/** A search text as ilike patterns, one per word, with the pattern characters taken literally. */
export function searchPatterns(q: string): string[] {
  return q
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 5)
    .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

function selectAuctions(sql: Sql, extra = sql``) {
  return sql`
    select ${extra} a.id, a.car_id, a.auction_type, a.is_premium_only, a.starting_bid, a.current_bid, a.buy_it_now_price, a.winning_amount,
           a.reserve_price, a.start_time, a.end_time, a.is_active, a.status, a.location, a.bid_count, a.is_sample, coalesce(s.seq, 0) as seq, a.created_at,
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
 * time after a keyset cursor. Category and search narrow either view in SQL, through cars_category and the make/model
 * trigram index; the Ended view's orders run on auctions_closed_at and auctions_ended_price.
 */
export async function listAuctions(
  sql: Sql,
  query: AuctionListQuery,
): Promise<{ auctions: Auction[]; next: string | null }> {
  const ended = query.view === 'ended';
  const words = searchPatterns(query.q);
  const rows = await sql<(AuctionRow & { closedUs: string | null; shownPrice: string })[]>`
    ${selectAuctions(sql, sql`(extract(epoch from a.closed_at) * 1000000)::bigint as closed_us, ${sql.unsafe(SHOWN_PRICE)} as shown_price,`)}
    where ${ended ? sql`a.closed_at is not null and a.status in ('sold', 'reserve-not-met', 'no-bids', 'bought-now')` : sql`a.status = 'active'`}
      ${query.category === 'all' ? sql`` : sql`and c.category = ${query.category}`}
      ${words.reduce((all, w) => sql`${all} and (c.make || ' ' || c.model) ilike ${w}`, sql``)}
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
