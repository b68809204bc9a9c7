import type { Sql } from 'postgres';
import { reserveStatus, toCents, type AuctionSnapshot } from '@app/shared';

/**
 * What a joining socket needs to start from; events after it carry higher seq numbers on the auction's stream. The
 * online count is asked for alongside the read (it is Redis's, not Postgres's), so neither waits for the other.
 */
export async function readSnapshot(
  sql: Sql,
  auctionId: number,
  countOnline: Promise<number>,
): Promise<AuctionSnapshot | null> {
  const [[a], online] = await Promise.all([
    sql<
      {
        currentBid: string;
        bidCount: number;
        endTime: Date;
        status: AuctionSnapshot['status'];
        reservePrice: string | null;
        seq: string;
        now: Date;
      }[]
    >`
    select a.current_bid, a.bid_count, a.end_time, a.status, a.reserve_price, coalesce(s.seq, 0) as seq, now() as now
    from auctions a
    -- The auction's bid-state stream (streams.auction in shared).
    left join event_streams s on s.stream = 'auction:' || a.id
    where a.id = ${auctionId} and a.status not in ('pending', 'rejected')`,
    countOnline,
  ]);
  if (!a) return null;
  return {
    auctionId,
    currentBid: a.currentBid,
    bidCount: a.bidCount,
    endTime: a.endTime.toISOString(),
    status: a.status,
    reserveStatus: reserveStatus(
      a.reservePrice === null ? null : toCents(a.reservePrice),
      toCents(a.currentBid),
      a.bidCount,
    ),
    seq: Number(a.seq),
    serverTime: a.now.toISOString(),
    online,
  };
}
