// Escrow as its buyer and seller see it, and the steps they take. Every step is a conditional write: repeating one is a no-op.
import type { Sql } from 'postgres';
import { ESCROW_INSPECTION_DAYS, type EscrowTransaction, type SessionUser } from '@app/shared';
import { Conflict, Forbidden, NotFound } from '../domain-errors.js';
import { getAuctionDetail } from './auction-read.js';

interface TxRow {
  id: number;
  auctionId: number;
  amount: string;
  status: EscrowTransaction['status'];
  fundedAt: Date | null;
  buyerId: number;
  sellerId: number | null;
  buyerTermsAccepted: boolean;
  sellerTermsAccepted: boolean;
  shippingMethod: string | null;
  pickupLocation: string | null;
  inspectionLocation: string | null;
  paymentDueAt: Date | null;
  inspectionPeriodEnds: Date | null;
  fees: EscrowTransaction['fees'];
}

async function loadForParty(sql: Sql, where: { auctionId?: number; id?: number }, user: SessionUser): Promise<TxRow> {
  const [row] = await sql<TxRow[]>`
    select id, auction_id, amount, status, funded_at, buyer_id, seller_id, buyer_terms_accepted, seller_terms_accepted,
           shipping_method, pickup_location, inspection_location, payment_due_at, inspection_period_ends, fees
    from escrow_transactions
    where ${where.id !== undefined ? sql`id = ${where.id}` : sql`auction_id = ${where.auctionId!}`}`;
  // Someone else's escrow is "not found", not "forbidden": its existence is nobody else's business.
  if (!row || (row.buyerId !== user.id && row.sellerId !== user.id)) throw new NotFound('No escrow transaction found for this auction.');
  return row;
}

export async function getEscrowForAuction(sql: Sql, auctionId: number, user: SessionUser): Promise<EscrowTransaction> {
  const t = await loadForParty(sql, { auctionId }, user);
  const [auction, milestones, documents] = await Promise.all([
    getAuctionDetail(sql, auctionId),
    sql<{ id: number; milestone: string; status: string }[]>`
      select id, milestone, status from transaction_milestones where transaction_id = ${t.id} order by id`,
    sql<{ documentType: string; verificationStatus: string }[]>`
      select document_type, verification_status from transaction_documents where transaction_id = ${t.id} order by id`,
  ]);
  const { serverTime: _s, recentBids: _r, ...auctionFields } = auction;
  return {
    id: t.id,
    amount: t.amount,
    status: t.status,
    fundedAt: t.fundedAt?.toISOString() ?? null,
    buyerId: t.buyerId,
    sellerId: t.sellerId,
    buyerTermsAccepted: t.buyerTermsAccepted,
    sellerTermsAccepted: t.sellerTermsAccepted,
    shippingMethod: t.shippingMethod,
    pickupLocation: t.pickupLocation,
    inspectionLocation: t.inspectionLocation,
    paymentDueAt: t.paymentDueAt?.toISOString() ?? null,
    inspectionPeriodEnds: t.inspectionPeriodEnds?.toISOString() ?? null,
    auction: auctionFields,
    milestones: [...milestones],
    documents: [...documents],
    fees: { buyerFee: t.fees.buyerFee, sellerFee: t.fees.sellerFee, paymentProcessingFee: t.fees.paymentProcessingFee },
  };
}

export async function acceptTerms(sql: Sql, transactionId: number, role: 'buyer' | 'seller', user: SessionUser): Promise<void> {
  const t = await loadForParty(sql, { id: transactionId }, user);
  if ((role === 'buyer' ? t.buyerId : t.sellerId) !== user.id) throw new Forbidden(`You are not the ${role} of this transaction`);
  await sql`
    update escrow_transactions
    set ${role === 'buyer' ? sql`buyer_terms_accepted = true` : sql`seller_terms_accepted = true`}, updated_at = now()
    where id = ${transactionId}`;
}

/** Who may complete which step: the buyer pays and inspects; the seller provides the documents. */
const STEP_OWNER = { payment_received: 'buyer', documents_verified: 'seller', inspection_completed: 'buyer' } as const;

export async function completeMilestone(
  sql: Sql,
  input: { transactionId: number; milestone: string; notes?: string },
  user: SessionUser,
): Promise<{ changed: boolean }> {
  const t = await loadForParty(sql, { id: input.transactionId }, user);
  const owner = STEP_OWNER[input.milestone as keyof typeof STEP_OWNER];
  if (!owner) throw new Conflict('This milestone is completed by the platform, not by a party');
  if ((owner === 'buyer' ? t.buyerId : t.sellerId) !== user.id) throw new Forbidden(`Only the ${owner} completes this milestone`);
  if (t.status === 'cancelled' || t.status === 'refunded' || t.status === 'completed') throw new Conflict(`This transaction is ${t.status}`);
  return sql.begin(async (tx) => {
    const [done] = await tx`
      update transaction_milestones set status = 'completed', completed_by = ${user.id}, completed_at = now(), notes = ${input.notes ?? null}
      where transaction_id = ${t.id} and milestone = ${input.milestone} and status = 'pending'
      returning id`;
    if (!done) return { changed: false };
    if (input.milestone === 'payment_received') {
      await tx`
        update escrow_transactions
        set status = 'funded', funded_at = now(), inspection_period_ends = now() + ${ESCROW_INSPECTION_DAYS} * interval '1 day', updated_at = now()
        where id = ${t.id} and status = 'pending'`;
    }
    return { changed: true };
  });
}

export async function initiateDispute(
  sql: Sql,
  input: { transactionId: number; disputeType: string; description: string },
  user: SessionUser,
): Promise<{ disputeId: number }> {
  const t = await loadForParty(sql, { id: input.transactionId }, user);
  if (t.status === 'cancelled' || t.status === 'completed' || t.status === 'refunded') throw new Conflict(`This transaction is ${t.status}`);
  return sql.begin(async (tx) => {
    await tx`update escrow_transactions set status = 'disputed', disputed_at = coalesce(disputed_at, now()), updated_at = now() where id = ${t.id}`;
    const [d] = await tx<{ id: number }[]>`
      insert into dispute_resolutions (transaction_id, initiated_by, dispute_type, description)
      values (${t.id}, ${user.id}, ${input.disputeType}, ${input.description}) returning id`;
    return { disputeId: d!.id };
  });
}
