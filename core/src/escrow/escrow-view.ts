// Escrow as its buyer and seller see it, and the steps they (or an admin) take. Every step goes through the one escrow
// service in infra (the state machine under a row lock); this file only reads and maps answers.
import type { Sql } from 'postgres';
import {
  NO_ESCROW,
  escrowStateOf,
  performEscrowAction,
  type EscrowActionResult,
  type EscrowCaller,
} from './escrow-actions.js';
import { type EventPublisher } from '@app/infra';
import {
  MILESTONE_ACTION,
  availableEscrowActions,
  type EscrowAction,
  type EscrowMilestone,
  type EscrowStatus,
  type EscrowTransaction,
  type SessionUser,
} from '@app/shared';
import { Conflict, Invalid, NotFound, refusalError } from '../errors.js';
import { getAuctionDetail } from '../auctions/auction-read.js';
import { disputesOf, documentsOf, insuranceOf, noticesOf, paymentScheduleOf, verifiedTypes } from './escrow-details.js';

type Deps = { sql: Sql; events: EventPublisher };

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
           shipping_method, pickup_location, inspection_location, shipping_carrier, shipping_tracking_number, payment_intent_id, payment_due_at, inspection_period_ends, fees, now() as db_now
    from escrow_transactions where auction_id = ${auctionId}`;
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

function answer(r: EscrowActionResult): { changed: boolean; status: EscrowStatus } {
  if (!r.ok) throw refusalError(r.refusal);
  return { changed: r.changed, status: r.status };
}

export async function acceptTerms(deps: Deps, transactionId: number, role: 'buyer' | 'seller', user: SessionUser) {
  return answer(
    await performEscrowAction(deps, {
      transactionId,
      action: 'accept_terms',
      caller: { kind: 'user', userId: user.id, as: role },
    }),
  );
}

/** The spec's `complete-milestone`: the milestone names the step; the state machine decides who may take it. */
export async function completeMilestone(
  deps: Deps,
  input: { transactionId: number; milestone: EscrowMilestone; notes?: string },
  caller: EscrowCaller,
) {
  const action = MILESTONE_ACTION[input.milestone];
  if (!action) throw new Conflict('The escrow_created milestone is completed when the sale happens');
  return answer(
    await performEscrowAction(deps, { transactionId: input.transactionId, action, caller, notes: input.notes }),
  );
}

export async function takeEscrowAction(
  deps: Deps,
  input: { transactionId: number; action: EscrowAction; notes?: string },
  caller: EscrowCaller,
) {
  return answer(await performEscrowAction(deps, { ...input, caller }));
}

export async function initiateDispute(
  deps: Deps,
  input: {
    transactionId: number;
    disputeType: string;
    description: string;
    evidenceDocumentIds?: number[] | undefined;
  },
  user: SessionUser,
): Promise<{ disputeId: number; status: EscrowStatus }> {
  let disputeId = 0;
  const evidence = [...new Set(input.evidenceDocumentIds ?? [])];
  const r = await performEscrowAction(
    deps,
    { transactionId: input.transactionId, action: 'open_dispute', caller: { kind: 'user', userId: user.id } },
    async (tx, escrow) => {
      // Evidence is a file this escrow already holds; anything else would be a way to point at someone else's document.
      const held = await tx<{ id: number }[]>`
      select id from transaction_documents where transaction_id = ${escrow.id} and file_name is not null and id = any(${evidence}::int[])`;
      if (held.length !== evidence.length) throw new Invalid('Evidence must be files uploaded to this transaction');
      const [d] = await tx<{ id: number }[]>`
      insert into dispute_resolutions (transaction_id, initiated_by, dispute_type, description, evidence)
      values (${escrow.id}, ${user.id}, ${input.disputeType}, ${input.description}, ${tx.json(evidence)}) returning id`;
      disputeId = d!.id;
    },
  );
  const { status } = answer(r);
  return { disputeId, status };
}
