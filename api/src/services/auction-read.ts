// Reading auctions as browsers see them. The reserve price is read only to say whether it is met.
import type { Sql } from 'postgres';
import { reserveStatus, toCents, type Auction, type AuctionDetail, type AuctionListQuery } from '@app/shared';
import { NotFound } from '../domain-errors.js';

interface AuctionRow {
  id: number;
  carId: number;
  auctionType: Auction['auctionType'];
  isPremiumOnly: boolean;
  startingBid: string;
  currentBid: string;
  buyItNowPrice: string | null;
  reservePrice: string | null;
  startTime: Date;
  endTime: Date;
  isActive: boolean;
  status: Auction['status'];
  location: string;
  bidCount: number;
  seq: string;
  createdAt: Date;
  vin: string;
  year: number;
  make: string;
  model: string;
  mileage: number;
  condition: string;
  images: string[];
  description: string;
  ownerId: number | null;
  aiEstimatedValue: string | null;
  aiConfidence: number | null;
  aiDaysToSell: string | null;
}

const ORDER = {
  'ending-soon': 'a.end_time asc, a.id asc',
  'price-low': 'a.current_bid asc, a.id asc',
  'price-high': 'a.current_bid desc, a.id asc',
  'recently-added': 'a.created_at desc, a.id desc',
} as const;

function selectAuctions(sql: Sql) {
  return sql`
    select a.id, a.car_id, a.auction_type, a.is_premium_only, a.starting_bid, a.current_bid, a.buy_it_now_price,
           a.reserve_price, a.start_time, a.end_time, a.is_active, a.status, a.location, a.bid_count, coalesce(s.seq, 0) as seq, a.created_at,
           c.vin, c.year, c.make, c.model, c.mileage, c.condition, c.images, c.description, c.owner_id,
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
    reserveStatus: reserveStatus(r.reservePrice === null ? null : toCents(r.reservePrice), toCents(r.currentBid), r.bidCount),
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    isActive: r.isActive,
    status: r.status,
    location: r.location,
    bidCount: r.bidCount,
    seq: Number(r.seq),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listLiveAuctions(sql: Sql, query: AuctionListQuery): Promise<Auction[]> {
  const rows = await sql<AuctionRow[]>`
    ${selectAuctions(sql)}
    where a.status = 'active'
    order by ${sql.unsafe(ORDER[query.sort])}`;
  return rows.map(toAuction);
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
