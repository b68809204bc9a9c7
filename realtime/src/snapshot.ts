import type { Sql } from 'postgres';
import { reserveStatus, toCents, type AuctionSnapshot } from '@app/shared';

/** What a joining socket needs to start from; events after it carry higher seq numbers. */
export async function readSnapshot(sql: Sql, auctionId: number, online: number): Promise<AuctionSnapshot | null> {
  const [a] = await sql<
    { currentBid: string; bidCount: number; endTime: Date; status: string; reservePrice: string | null; seq: string; now: Date }[]
  >`
    select current_bid, bid_count, end_time, status, reserve_price, seq, now() as now
    from auctions where id = ${auctionId} and status not in ('pending', 'rejected')`;
  if (!a) return null;
  return {
    auctionId,
    currentBid: a.currentBid,
    bidCount: a.bidCount,
    endTime: a.endTime.toISOString(),
    status: a.status,
    reserveStatus: reserveStatus(a.reservePrice === null ? null : toCents(a.reservePrice), toCents(a.currentBid), a.bidCount),
    seq: Number(a.seq),
    serverTime: a.now.toISOString(),
    online,
  };
}
