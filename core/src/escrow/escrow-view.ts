// Escrow as its buyer and seller see it: the row, its auction, milestones, documents, disputes, payment schedule,
// notices and insurance, and the steps the state machine lets the reader take now.
import type { Sql } from 'postgres';
import { NO_ESCROW, escrowStateOf } from './escrow-actions.js';
import {
  availableEscrowActions,
  type EscrowMilestone,
  type EscrowStatus,
  type EscrowTransaction,
  type SessionUser,
} from '@app/shared';
import { NotFound } from '../errors.js';
import { getAuctionDetail } from '../auctions/auction-read.js';
import { disputesOf, documentsOf, insuranceOf, noticesOf, paymentScheduleOf, verifiedTypes } from './escrow-details.js';

interface TxRow {
  id: number;
  auctionId: number;
  amount: string;
  status: EscrowStatus;
  fundedAt: Date | null;
  buyerId: number;
  sellerId: number | null;
  buyerTermsAccepted: boolean;
  sellerTermsAccepted: boolean;
  buyerTermsVersion: string | null;
  sellerTermsVersion: string | null;
  deliveredAt: Date | null;
  shippingMethod: string | null;
  pickupLocation: string | null;
  inspectionLocation: string | null;
  shippingCarrier: string | null;
  paymentIntentId: string | null;
  shippingTrackingNumber: string | null;
  paymentDueAt: Date | null;
  inspectionPeriodEnds: Date | null;
  fees: EscrowTransaction['fees'];
  dbNow: Date;
}

export async function getEscrowForAuction(
  sql: Sql,
  auctionId: number,
  user: SessionUser,
  paymentProvider: string,
): Promise<EscrowTransaction> {
  const [t] = await sql<TxRow[]>`
    select id, auction_id, amount, status, funded_at, buyer_id, seller_id, buyer_terms_accepted, seller_terms_accepted,
           buyer_terms_version, seller_terms_version, delivered_at, shipping_method, pickup_location, inspection_location, shipping_carrier, shipping_tracking_number, payment_intent_id, payment_due_at, inspection_period_ends, fees, now() as db_now
    from escrow_transactions where auction_id = ${auctionId} and ${user.id} in (buyer_id, seller_id)
    -- After an unpaid sale and a second-chance sale the seller has two: the live one first.
    order by (status = 'cancelled'), id desc limit 1`;
  // Someone else's escrow is "not found", not "forbidden": its existence is nobody else's business.
  if (!t || (t.buyerId !== user.id && t.sellerId !== user.id)) throw new NotFound(NO_ESCROW);
  const role = t.buyerId === user.id ? 'buyer' : 'seller';
  const [auction, milestones, documents, disputes, schedule, notices, insurance] = await Promise.all([
    getAuctionDetail(sql, auctionId),
    sql<{ id: number; milestone: EscrowMilestone; status: string }[]>`
      select id, milestone, status from transaction_milestones where transaction_id = ${t.id} order by id`,
    documentsOf(sql, [t.id]).then((m) => m.get(t.id)!),
    disputesOf(sql, [t.id]).then((m) => m.get(t.id)!),
    paymentScheduleOf(sql, t.id),
    noticesOf(sql, t.id, user.id),
    insuranceOf(sql, t.id),
  ]);
  const { serverTime: _s, recentBids: _r, ...auctionFields } = auction;
  const completed = milestones.filter((m) => m.status === 'completed').map((m) => m.milestone);
  const nextActions = availableEscrowActions(
    escrowStateOf(t, completed, verifiedTypes(documents)),
    role,
    t.dbNow.getTime(),
  );
  return {
    id: t.id,
    amount: t.amount,
    status: t.status,
    fundedAt: t.fundedAt?.toISOString() ?? null,
    buyerId: t.buyerId,
    sellerId: t.sellerId,
    role,
    buyerTermsAccepted: t.buyerTermsAccepted,
    sellerTermsAccepted: t.sellerTermsAccepted,
    buyerTermsVersion: t.buyerTermsVersion,
    sellerTermsVersion: t.sellerTermsVersion,
    deliveredAt: t.deliveredAt?.toISOString() ?? null,
    shippingMethod: t.shippingMethod,
    pickupLocation: t.pickupLocation,
    inspectionLocation: t.inspectionLocation,
    shippingCarrier: t.shippingCarrier,
    shippingTrackingNumber: t.shippingTrackingNumber,
    paymentDueAt: t.paymentDueAt?.toISOString() ?? null,
    inspectionPeriodEnds: t.inspectionPeriodEnds?.toISOString() ?? null,
    auction: auctionFields,
    milestones: [...milestones],
    documents,
    payment: { provider: paymentProvider, started: t.paymentIntentId !== null, schedule },
    disputes,
    notices,
    insurance,
    fees: t.fees,
    nextActions,
  };
}
