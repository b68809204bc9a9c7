// Opening the escrow for a sale: used by buy-now (API) and by closing (workers), inside their own transaction.
import type { Sql, TransactionSql } from 'postgres';
import { ESCROW_MILESTONES, ESCROW_PAYMENT_DUE_HOURS, ESCROW_REQUIRED_DOCUMENTS, centsToDecimal, escrowFees } from '@app/shared';

export interface OpenEscrowInput {
  auctionId: number;
  buyerId: number;
  sellerId: number | null;
  amountCents: number;
}

/** Idempotent per auction: a second call returns the existing transaction's id and writes nothing. */
export async function openEscrow(tx: Sql | TransactionSql, input: OpenEscrowInput): Promise<number> {
  const f = escrowFees(input.amountCents);
  const fees = {
    buyerFee: centsToDecimal(f.buyerFeeCents),
    sellerFee: centsToDecimal(f.sellerFeeCents),
    paymentProcessingFee: centsToDecimal(f.paymentProcessingFeeCents),
    buyerTotal: centsToDecimal(f.buyerTotalCents),
    sellerPayout: centsToDecimal(f.sellerPayoutCents),
  };
  const [created] = await tx<{ id: number }[]>`
    insert into escrow_transactions (auction_id, buyer_id, seller_id, amount, fees, payment_due_at)
    values (${input.auctionId}, ${input.buyerId}, ${input.sellerId}, ${centsToDecimal(input.amountCents)},
            ${tx.json(fees)}, now() + ${ESCROW_PAYMENT_DUE_HOURS} * interval '1 hour')
    on conflict (auction_id) do nothing
    returning id`;
  if (!created) {
    const [existing] = await tx<{ id: number }[]>`select id from escrow_transactions where auction_id = ${input.auctionId}`;
    return existing!.id;
  }
  const id = created.id;
  const documents = [...ESCROW_REQUIRED_DOCUMENTS];
  const milestones = [...ESCROW_MILESTONES];
  await tx`
    insert into transaction_documents (transaction_id, document_type)
    select ${id}, d from unnest(${documents}::text[]) as d`;
  await tx`
    insert into transaction_milestones (transaction_id, milestone, status, completed_at)
    select ${id}, m, case when m = 'escrow_created' then 'completed' else 'pending' end,
           case when m = 'escrow_created' then now() end
    from unnest(${milestones}::text[]) as m`;
  return id;
}
