// Server-written chat lines (used by the API and the workers) ("New high bid", "Auction extended", "Sold") and their chat.message events, in one statement.
import type { TransactionSql } from 'postgres';
import type { DomainEvent } from '@app/shared';

export interface CommittedEvent {
  outboxId: number;
  event: DomainEvent;
}

export async function insertSystemChat(
  tx: TransactionSql,
  auctionId: number,
  seq: number,
  text: string,
): Promise<CommittedEvent> {
  const [row] = await tx<{ id: string; payload: DomainEvent }[]>`
    with m as (
      insert into chat_messages (auction_id, user_id, message, is_system_message)
      values (${auctionId}, null, ${text}, true)
      returning id, timestamp
    )
    insert into outbox (auction_id, seq, type, payload)
    select ${auctionId}, ${seq}, 'chat.message', jsonb_build_object(
      'type', 'chat.message', 'auctionId', ${auctionId}::int, 'seq', ${seq}::int,
      'at', to_char(m.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'id', m.id, 'message', ${text}::text, 'userName', null, 'userId', null,
      'timestamp', to_char(m.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'isSystemMessage', true)
    from m
    returning id, payload`;
  return { outboxId: Number(row!.id), event: row!.payload };
}
