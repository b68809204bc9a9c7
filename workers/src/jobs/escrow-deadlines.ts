// Escrow deadlines: an unpaid transaction past its payment deadline is cancelled; a funded one whose inspection period
// ended without a dispute is completed and its funds released. Each move is one conditional UPDATE, so running it twice,
// or on two workers at once, moves each transaction once.
import type { Sql, TransactionSql } from 'postgres';
import type { StreamWriter } from '@app/infra';
import type { DomainEvent } from '@app/shared';

interface Moved {
  id: number;
  auctionId: number;
  buyerId: number;
  sellerId: number | null;
  status: string;
}

async function notify(tx: TransactionSql, moved: Moved[], milestone: string | null): Promise<{ ids: number[]; events: DomainEvent[] }> {
  const events: DomainEvent[] = [];
  const ids: number[] = [];
  for (const t of moved) {
    for (const userId of [t.buyerId, t.sellerId]) {
      if (userId === null) continue;
      const event: DomainEvent = {
        type: 'escrow.updated', userId, at: new Date().toISOString(), transactionId: t.id, auctionId: t.auctionId, status: t.status, milestone,
      };
      const [ob] = await tx<{ id: string }[]>`
        insert into outbox (user_id, type, payload) values (${userId}, ${event.type}, ${tx.json(event)}) returning id`;
      ids.push(Number(ob!.id));
      events.push(event);
    }
  }
  return { ids, events };
}

export async function runEscrowDeadlines(sql: Sql, write: StreamWriter): Promise<{ cancelled: number; completed: number }> {
  const out = { ids: [] as number[], events: [] as DomainEvent[] };
  const counts = await sql.begin(async (tx) => {
    const cancelled = await tx<Moved[]>`
      update escrow_transactions
      set status = 'cancelled', cancelled_at = now(), updated_at = now(),
          metadata = metadata || jsonb_build_object('note', 'Cancelled automatically: payment was not received within 48 hours')
      where status = 'pending' and payment_due_at <= now()
      returning id, auction_id, buyer_id, seller_id, status`;
    const completed = await tx<Moved[]>`
      update escrow_transactions
      set status = 'completed', completed_at = now(), updated_at = now()
      where status in ('funded', 'in_inspection') and inspection_period_ends <= now() and disputed_at is null
      returning id, auction_id, buyer_id, seller_id, status`;
    if (completed.length > 0) {
      await tx`
        update transaction_milestones set status = 'completed', completed_at = now(), notes = 'Inspection period ended without a dispute'
        where transaction_id = any(${completed.map((t) => t.id)}::int[]) and milestone in ('inspection_completed', 'funds_released')
          and status = 'pending'`;
    }
    for (const [moved, milestone] of [[cancelled, null], [completed, 'funds_released']] as const) {
      const n = await notify(tx, moved, milestone);
      out.ids.push(...n.ids);
      out.events.push(...n.events);
    }
    return { cancelled: cancelled.length, completed: completed.length };
  });
  if (out.events.length > 0) {
    try {
      await write(out.events);
      await sql`update outbox set published_at = now() where id = any(${out.ids}::bigint[])`;
    } catch {
      // the relay sends them
    }
  }
  return counts;
}
