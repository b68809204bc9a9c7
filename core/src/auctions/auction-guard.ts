import type { Sql } from 'postgres';
import { NotFound } from '../errors.js';

/** Comments and chat belong to visible auctions only. */
export async function assertAuctionVisible(sql: Sql, auctionId: number): Promise<void> {
  const [row] = await sql`select 1 from auctions where id = ${auctionId} and status not in ('pending', 'rejected')`;
  if (!row) throw new NotFound('Auction not found');
}

/** Who reads: a signed-in member (or nobody) and whether an admin session came along. */
export interface Reader {
  userId: number | null;
  admin: boolean;
}

const MAX_REMEMBERED = 100_000;

/**
 * Whose an auction's chat is to read: anyone's once the auction is public, only its seller's and the admins' while it
 * waits for approval or was rejected; anyone else (and an unknown auction) finds nothing. The chat poll asks every
 * 2 s, so public auctions are remembered: one never goes back to pending.
 */
export class ChatReaders {
  private readonly publicAuctions = new Set<number>();

  constructor(private readonly sql: Sql) {}

  /** `reader` is asked for only when the auction is not public (a session lookup the poll need not make). */
  async assertMayRead(auctionId: number, reader: () => Promise<Reader>): Promise<void> {
    if (this.publicAuctions.has(auctionId)) return;
    const [a] = await this.sql<{ status: string; sellerId: number | null }[]>`
      select a.status, c.owner_id as seller_id from auctions a join cars c on c.id = a.car_id where a.id = ${auctionId}`;
    if (!a) throw new NotFound('Auction not found');
    if (a.status !== 'pending' && a.status !== 'rejected') {
      if (this.publicAuctions.size >= MAX_REMEMBERED) this.publicAuctions.clear();
      this.publicAuctions.add(auctionId);
      return;
    }
    const who = await reader();
    if (!who.admin && (who.userId === null || who.userId !== a.sellerId)) throw new NotFound('Auction not found');
  }
}
