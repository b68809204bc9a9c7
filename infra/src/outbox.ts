// One auction event into the outbox, in the caller's transaction: the row the publisher or the relay later sends.
import type { TransactionSql } from 'postgres';
import type { AuctionEvent } from '@app/shared';
import type { CommittedEvent } from './system-chat.js';

export async function insertAuctionEvent(tx: TransactionSql, event: AuctionEvent): Promise<CommittedEvent> {
  const [row] = await tx<{ id: string }[]>`
    insert into outbox (auction_id, seq, type, payload)
    values (${event.auctionId}, ${event.seq}, ${event.type}, ${tx.json(event as never)})
    returning id`;
  return { outboxId: Number(row!.id), event };
}
