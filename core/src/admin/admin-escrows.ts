// The admin portal's escrow queue: open escrows first, with the steps the state machine lets an admin take now.
import type { Sql } from 'postgres';
import { escrowStateOf, type EscrowStateRow } from '../escrow/escrow-actions.js';
import { availableEscrowActions, type AdminEscrow, type EscrowMilestone } from '@app/shared';
import { disputesOf, documentsOf, verifiedTypes } from '../escrow/escrow-details.js';

interface Row extends EscrowStateRow {
  id: number;
  auctionId: number;
  title: string;
  amount: string;
  buyerName: string;
  sellerName: string | null;
  completed: EscrowMilestone[];
  dbNow: Date;
}

export async function listEscrowsForAdmin(sql: Sql, limit = 200): Promise<AdminEscrow[]> {
  const rows = await sql<Row[]>`
    select t.id, t.auction_id, c.year || ' ' || c.make || ' ' || c.model as title, t.amount, t.status,
           b.name as buyer_name, s.name as seller_name, t.seller_id, t.buyer_terms_accepted, t.seller_terms_accepted,
           t.payment_due_at, t.inspection_period_ends, now() as db_now,
           array(select m.milestone from transaction_milestones m where m.transaction_id = t.id and m.status = 'completed') as completed
    from escrow_transactions t
    join auctions a on a.id = t.auction_id join cars c on c.id = a.car_id
    join users b on b.id = t.buyer_id left join users s on s.id = t.seller_id
    order by (t.status in ('completed', 'cancelled', 'refunded')), t.updated_at desc
    limit ${limit}`;
  const ids = rows.map((r) => r.id);
  const [documents, disputes] = await Promise.all([documentsOf(sql, ids), disputesOf(sql, ids)]);
  return rows.map((r) => ({
    id: r.id,
    auctionId: r.auctionId,
    title: r.title,
    amount: r.amount,
    status: r.status,
    buyerName: r.buyerName,
    sellerName: r.sellerName,
    buyerTermsAccepted: r.buyerTermsAccepted,
    sellerTermsAccepted: r.sellerTermsAccepted,
    paymentDueAt: r.paymentDueAt?.toISOString() ?? null,
    inspectionPeriodEnds: r.inspectionPeriodEnds?.toISOString() ?? null,
    nextActions: availableEscrowActions(
      escrowStateOf(r, r.completed, verifiedTypes(documents.get(r.id)!)),
      'admin',
      r.dbNow.getTime(),
    ),
    documents: documents.get(r.id)!,
    disputes: disputes.get(r.id)!,
  }));
}
