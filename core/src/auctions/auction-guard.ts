import type { Sql } from 'postgres';
import { NotFound } from '../errors.js';

/** Comments and chat belong to visible auctions only. */
export async function assertAuctionVisible(sql: Sql, auctionId: number): Promise<void> {
  const [row] = await sql`select 1 from auctions where id = ${auctionId} and status not in ('pending', 'rejected')`;
  if (!row) throw new NotFound('Auction not found');
}
