// A bidder's own maximum on an auction, read for them alone (the listing's "Your max" line). Setting one goes through
// the bid engine, which decides it under the auction's row lock like any bid.
import type { Sql } from 'postgres';
import type { MaxBidResponse, MyMaxBids } from '@app/shared';
import { NotFound } from '../errors.js';

export async function readMaxBid(sql: Sql, auctionId: number, userId: number): Promise<MaxBidResponse> {
  const [row] = await sql<
    { currentBid: string; bidCount: number; maxAmount: string | null; leaderId: number | null }[]
  >`
    select a.current_bid, a.bid_count, m.max_amount,
           (select b.user_id from bids b where b.auction_id = a.id order by b.timestamp desc, b.id desc limit 1) as leader_id
    from auctions a left join max_bids m on m.auction_id = a.id and m.user_id = ${userId}
    where a.id = ${auctionId} and a.status not in ('pending', 'rejected')`;
  if (!row) throw new NotFound('Auction not found');
  return {
    auctionId,
    maxAmount: row.maxAmount,
    leading: row.leaderId === userId,
    currentBid: row.currentBid,
    bidCount: row.bidCount,
    bid: null,
  };
}

/** The user's maximums on auctions still open, soonest ending first. */
export async function listMyMaxBids(sql: Sql, userId: number): Promise<MyMaxBids> {
  const rows = await sql<
    {
      auctionId: number;
      title: string;
      maxAmount: string;
      currentBid: string;
      leaderId: number | null;
      endTime: Date;
    }[]
  >`
    select a.id as auction_id, c.year || ' ' || c.make || ' ' || c.model as title, m.max_amount, a.current_bid, a.end_time,
           (select b.user_id from bids b where b.auction_id = a.id order by b.timestamp desc, b.id desc limit 1) as leader_id
    from max_bids m join auctions a on a.id = m.auction_id join cars c on c.id = a.car_id
    where m.user_id = ${userId} and a.status = 'active'
    order by a.end_time`;
  return rows.map((r) => ({
    auctionId: r.auctionId,
    title: r.title,
    maxAmount: r.maxAmount,
    currentBid: r.currentBid,
    leading: r.leaderId === userId,
    endTime: r.endTime.toISOString(),
  }));
}
