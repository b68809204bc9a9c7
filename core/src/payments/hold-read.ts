// A member's holds as the account page lists them, newest first.
import type { Sql } from 'postgres';
import type { BidHold } from '@app/shared';

export async function listMyHolds(sql: Sql, userId: number): Promise<BidHold[]> {
  const rows = await sql<
    {
      holdId: string;
      auctionId: number;
      auctionTitle: string;
      amount: string;
      status: BidHold['status'];
      capturedAmount: string | null;
      placedAt: Date;
      updatedAt: Date;
    }[]
  >`
    select h.hold_id, h.auction_id, concat_ws(' ', c.year, c.make, c.model) as auction_title, h.amount, h.status,
           h.captured_amount, h.placed_at, h.updated_at
    from bid_holds h join auctions a on a.id = h.auction_id join cars c on c.id = a.car_id
    where h.user_id = ${userId}
    order by h.placed_at desc, h.id desc limit 100`;
  return rows.map((r) => ({ ...r, placedAt: r.placedAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}
