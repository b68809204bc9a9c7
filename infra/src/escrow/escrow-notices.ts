// Telling both parties about a step: the escrow.updated events (through the one outbox writer) and the same words kept
// in each party's notice list, in the transaction of the step.
import type { TransactionSql } from 'postgres';
import type { EventDraft } from '@app/shared';
import { appendEventsByStream, type CommittedEvent } from '../events/append-events.js';

export async function tellParties(tx: TransactionSql, drafts: EventDraft[]): Promise<CommittedEvent[]> {
  const notices = drafts.flatMap((d) => (d.type === 'escrow.updated' ? [d] : []));
  if (notices.length > 0) {
    await tx`
      insert into escrow_notices (transaction_id, user_id, actor, status, text)
      select * from unnest(${notices.map((n) => n.transactionId)}::int[], ${notices.map((n) => n.userId)}::int[],
                           ${notices.map((n) => n.actor)}::text[], ${notices.map((n) => n.status)}::text[], ${notices.map((n) => n.text)}::text[])`;
  }
  return appendEventsByStream(tx, drafts);
}
