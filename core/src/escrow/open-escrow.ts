// Opening the escrow for a sale, inside the transaction that made the sale (buy-now in the API, closing in the workers).
import type { TransactionSql } from 'postgres';
import {
  ESCROW_MILESTONES,
  ESCROW_OPENING_MILESTONE,
  ESCROW_PAYMENT_DUE_HOURS,
  ESCROW_REQUIRED_DOCUMENTS,
  centsToDecimal,
  paymentScheduleOf,
  saleFees,
  scheduleWithCommission,
  type EscrowFees,
  type FeeSchedule,
  type EventDraft,
} from '@app/shared';
import type { Outbox } from '@app/infra';
import { tellParties } from './escrow-notices.js';
import { escrowRecipients } from './escrow-actions.js';
import { readSettings } from '../settings/read-settings.js';
import { sampleSellerAcceptsTerms } from './sample-seller.js';

export interface OpenEscrowInput {
  auctionId: number;
  buyerId: number;
  sellerId: number | null;
  amountCents: number;
  /** Who made the sale: the buyer (Buy It Now) or the closing job (the hammer). A party is not told about their own step. */
  openedBy: 'buyer' | 'system';
}

/** The fees as stored with the escrow: computed once at the sale, with the schedule then in force. */
export function escrowFeesOf(amountCents: number, schedule: FeeSchedule): EscrowFees {
  const f = saleFees(amountCents, schedule);
  return {
    buyerFee: centsToDecimal(f.buyerEscrowFeeCents),
    sellerFee: centsToDecimal(f.sellerEscrowFeeCents),
    paymentProcessingFee: centsToDecimal(f.buyersPremiumCents),
    sellersCommission: centsToDecimal(f.sellersCommissionCents),
    buyerTotal: centsToDecimal(f.buyerTotalCents),
    sellerProceeds: centsToDecimal(f.sellerProceedsCents),
    schedule: { ...schedule },
  };
}

/**
 * Idempotent per auction: a second call finds the live transaction and writes nothing. A cancelled (unpaid) escrow does
 * not count, so a second-chance sale of the same car opens its own.
 */
export async function openEscrow(
  tx: TransactionSql,
  outbox: Outbox,
  input: OpenEscrowInput,
): Promise<{ transactionId: number }> {
  // The commission an admin set applies to sales from now on; each escrow keeps the schedule it was opened with.
  const feeSchedule = scheduleWithCommission((await readSettings(tx)).commissionRatePct);
  const [created] = await tx<{ id: number; createdAt: Date }[]>`
    insert into escrow_transactions (auction_id, buyer_id, seller_id, amount, fees, payment_due_at)
    values (${input.auctionId}, ${input.buyerId}, ${input.sellerId}, ${centsToDecimal(input.amountCents)},
            ${tx.json(escrowFeesOf(input.amountCents, feeSchedule))}, now() + ${ESCROW_PAYMENT_DUE_HOURS} * interval '1 hour')
    on conflict (auction_id) where status <> 'cancelled' do nothing
    returning id, created_at`;
  if (!created) {
    const [existing] = await tx<
      { id: number }[]
    >`select id from escrow_transactions where auction_id = ${input.auctionId} and status <> 'cancelled'`;
    return { transactionId: existing!.id };
  }
  const id = created.id;
  const fees = saleFees(input.amountCents, feeSchedule);
  const schedule = paymentScheduleOf(fees.buyerTotalCents, created.createdAt.getTime());
  await tx`
    insert into payment_schedules (transaction_id, payment_type, amount, due_date)
    select ${id}, t, a::numeric(10, 2), d
    from unnest(${schedule.map((l) => l.paymentType)}::text[], ${schedule.map((l) => centsToDecimal(l.amountCents))}::text[],
                ${schedule.map((l) => new Date(l.dueAtMs).toISOString())}::timestamptz[]) as l(t, a, d)`;
  await tx`
    insert into transaction_documents (transaction_id, document_type)
    select ${id}, d from unnest(${[...ESCROW_REQUIRED_DOCUMENTS]}::text[]) as d`;
  await tx`
    insert into transaction_milestones (transaction_id, milestone, status, completed_at)
    select ${id}, m, case when m = ${ESCROW_OPENING_MILESTONE} then 'completed' else 'pending' end,
           case when m = ${ESCROW_OPENING_MILESTONE} then now() end
    from unnest(${[...ESCROW_MILESTONES]}::text[]) as m`;
  const drafts: EventDraft[] = escrowRecipients(input).map(({ userId, role }) => ({
    type: 'escrow.updated',
    userId,
    role,
    actor: input.openedBy,
    at: created.createdAt.toISOString(),
    transactionId: id,
    auctionId: input.auctionId,
    status: 'pending',
    milestone: ESCROW_OPENING_MILESTONE,
    text:
      role === 'buyer'
        ? `Your escrow is open: accept the terms, then pay the deposit or the whole amount within ${ESCROW_PAYMENT_DUE_HOURS} hours.`
        : 'Your car sold: the escrow is open.',
  }));
  await tellParties(tx, outbox, drafts, { bell: false });
  await sampleSellerAcceptsTerms(tx, outbox, { transactionId: id, sellerId: input.sellerId, feeSchedule });
  return { transactionId: id };
}
