// The one escrow service: every step on an escrow (a party's, an admin's, the payment provider's, the deadline job's)
// locks the row, asks the state machine in shared/src/domain/escrow-machine.ts, and writes exactly what it allows,
// with an escrow.updated notice to both parties. A refused step writes nothing.
import type { TransactionSql } from 'postgres';
import {
  decideEscrow,
  escrowChangeText,
  type EscrowAction,
  type EscrowActor,
  type EscrowMilestone,
  type EscrowState,
  type EscrowStatus,
  type EventDraft,
  type Refusal,
} from '@app/shared';
import { commitWithEvents, type EventDeps, type Outbox } from '@app/infra';
import { NotFound } from '../errors.js';
import { tellParties } from './escrow-notices.js';

/** Who acts: a signed-in user (buyer or seller, worked out from the row), an admin, or a machine. */
export type EscrowCaller =
  /** `as`: the role the caller claims (the spec's `userRole`); a mismatch is refused, not silently corrected. */
  | { kind: 'user'; userId: number; as?: 'buyer' | 'seller' }
  | { kind: 'admin'; adminId: number }
  | { kind: 'payment_provider' }
  | { kind: 'carrier' }
  | { kind: 'system' };

export interface EscrowParties {
  id: number;
  auctionId: number;
  buyerId: number;
  sellerId: number | null;
}

export type EscrowActionResult =
  { ok: true; changed: boolean; status: EscrowStatus; escrow: EscrowParties } | { ok: false; refusal: Refusal };

export const NO_ESCROW = 'No escrow transaction found for this auction.';

export interface LockedEscrow extends EscrowParties {
  status: EscrowStatus;
  buyerTermsAccepted: boolean;
  sellerTermsAccepted: boolean;
  paymentDueAt: Date | null;
  inspectionPeriodEnds: Date | null;
  paymentIntentId: string | null;
  amount: string;
  completed: EscrowMilestone[];
  verifiedDocuments: string[];
  dbNow: Date;
}

export interface EscrowStateRow {
  status: EscrowStatus;
  buyerTermsAccepted: boolean;
  sellerTermsAccepted: boolean;
  sellerId: number | null;
  paymentDueAt: Date | null;
  inspectionPeriodEnds: Date | null;
}

/** An escrow row as the state machine reads it. */
export function escrowStateOf(
  row: EscrowStateRow,
  completed: readonly EscrowMilestone[],
  verifiedDocuments: readonly string[],
): EscrowState {
  return {
    status: row.status,
    buyerTermsAccepted: row.buyerTermsAccepted,
    sellerTermsAccepted: row.sellerTermsAccepted,
    hasSeller: row.sellerId !== null,
    completedMilestones: completed,
    verifiedDocuments,
    paymentDueAtMs: row.paymentDueAt?.getTime() ?? null,
    inspectionEndsAtMs: row.inspectionPeriodEnds?.getTime() ?? null,
  };
}

/** Both parties hear of every step (a sample car with no owner has only a buyer). */
export function escrowRecipients(e: {
  buyerId: number;
  sellerId: number | null;
}): { userId: number; role: 'buyer' | 'seller' }[] {
  return [
    { userId: e.buyerId, role: 'buyer' },
    ...(e.sellerId === null ? [] : [{ userId: e.sellerId, role: 'seller' as const }]),
  ];
}

export function actorOf(caller: EscrowCaller, e: EscrowParties): EscrowActor | null {
  switch (caller.kind) {
    case 'user':
      return caller.userId === e.buyerId ? 'buyer' : caller.userId === e.sellerId ? 'seller' : null;
    case 'admin':
      return 'admin';
    default:
      return caller.kind;
  }
}

/**
 * Locks the escrow row for a step and reads what the state machine needs, each in a statement of its own after the
 * lock: its snapshot sees what the transaction we waited for committed (a subquery in the locking statement would
 * still see the milestones and documents as they were before the wait).
 */
export async function lockEscrow(tx: TransactionSql, transactionId: number): Promise<LockedEscrow | undefined> {
  const [locked] = await tx<Omit<LockedEscrow, 'completed' | 'verifiedDocuments'>[]>`
    select id, auction_id, buyer_id, seller_id, status, buyer_terms_accepted, seller_terms_accepted,
           payment_due_at, inspection_period_ends, payment_intent_id, amount, now() as db_now
    from escrow_transactions where id = ${transactionId}
    for no key update`;
  if (!locked) return undefined;
  const [milestones, documents] = [
    await tx<{ milestone: EscrowMilestone }[]>`
      select milestone from transaction_milestones where transaction_id = ${locked.id} and status = 'completed'`,
    await tx<{ documentType: string }[]>`
      select distinct document_type from transaction_documents where transaction_id = ${locked.id} and verification_status = 'verified'`,
  ];
  return {
    ...locked,
    completed: milestones.map((m) => m.milestone),
    verifiedDocuments: documents.map((d) => d.documentType),
  };
}

/** The escrow.updated notices of one step, one for each party. */
export function escrowNotices(
  e: EscrowParties & { dbNow: Date },
  step: { actor: EscrowActor; status: EscrowStatus; milestone: EscrowMilestone | null; text: string },
): EventDraft[] {
  return escrowRecipients(e).map(({ userId, role }) => ({
    type: 'escrow.updated',
    userId,
    role,
    actor: step.actor,
    at: e.dbNow.toISOString(),
    transactionId: e.id,
    auctionId: e.auctionId,
    status: step.status,
    milestone: step.milestone,
    text: step.text,
  }));
}

export async function applyEscrowAction(
  tx: TransactionSql,
  outbox: Outbox,
  input: {
    transactionId: number;
    action: EscrowAction;
    caller: EscrowCaller;
    notes?: string;
    /** False keeps the step out of the bell (the page and its notices still show it). */
    bell?: boolean;
  },
): Promise<EscrowActionResult> {
  const e = await lockEscrow(tx, input.transactionId);
  // Someone else's escrow is "not found", not "forbidden": its existence is nobody else's business.
  const actor = e ? actorOf(input.caller, e) : null;
  if (!e || !actor) return { ok: false, refusal: { code: 'not-found', message: NO_ESCROW } };
  if (input.caller.kind === 'user' && input.caller.as && input.caller.as !== actor) {
    return {
      ok: false,
      refusal: { code: 'forbidden', message: `You are not the ${input.caller.as} of this transaction` },
    };
  }

  const state = escrowStateOf(e, e.completed, e.verifiedDocuments);
  const nowMs = e.dbNow.getTime();
  const decision = decideEscrow(state, input.action, actor, nowMs);
  if (!decision.ok) return decision;
  const parties: EscrowParties = { id: e.id, auctionId: e.auctionId, buyerId: e.buyerId, sellerId: e.sellerId };
  if (!decision.changed) return { ok: true, changed: false, status: e.status, escrow: parties };

  const c = decision.change;
  const entering = c.to !== e.status;
  await tx`
    update escrow_transactions set
      status = ${c.to},
      buyer_terms_accepted = buyer_terms_accepted or ${c.acceptsTermsFor === 'buyer'},
      seller_terms_accepted = seller_terms_accepted or ${c.acceptsTermsFor === 'seller'},
      funded_at = case when ${c.milestones.includes('payment_received')} then now() else funded_at end,
      delivered_at = case when ${c.milestones.includes('delivered')} then now() else delivered_at end,
      inspection_period_ends = coalesce(${c.inspectionEndsAtMs === null ? null : new Date(c.inspectionEndsAtMs)}, inspection_period_ends),
      completed_at = case when ${entering && c.to === 'completed'} then now() else completed_at end,
      disputed_at = case when ${entering && c.to === 'disputed'} then now() else disputed_at end,
      cancelled_at = case when ${entering && c.to === 'cancelled'} then now() else cancelled_at end,
      refunded_at = case when ${entering && c.to === 'refunded'} then now() else refunded_at end,
      updated_at = now()
    where id = ${e.id}`;
  // An ended sale owes nothing more: its open lines are cancelled, so no schedule shows a balance still due.
  if (entering && (c.to === 'cancelled' || c.to === 'refunded')) {
    await tx`update payment_schedules set status = 'cancelled' where transaction_id = ${e.id} and status in ('pending', 'failed') and payment_type <> 'refund'`;
  }
  if (c.milestones.length > 0) {
    const userId = input.caller.kind === 'user' ? input.caller.userId : null;
    await tx`
      update transaction_milestones
      set status = 'completed', completed_at = now(), completed_by = ${userId}, notes = ${input.notes ?? null},
          metadata = metadata || ${tx.json({ action: input.action, actor })}
      where transaction_id = ${e.id} and milestone = any(${c.milestones}::text[]) and status = 'pending'`;
  }
  const drafts = escrowNotices(e, {
    actor,
    status: c.to,
    milestone: c.milestones.at(-1) ?? null,
    text: escrowChangeText(input.action, actor, c.to),
  });
  await tellParties(tx, outbox, drafts, { bell: input.bell ?? true });
  return { ok: true, changed: true, status: c.to, escrow: parties };
}

/**
 * One step in its own transaction, published after commit. `alongside` adds writes that belong to the step (a
 * dispute's record) and runs only when the step changed something.
 */
export async function performEscrowAction(
  deps: EventDeps,
  input: { transactionId: number; action: EscrowAction; caller: EscrowCaller; notes?: string },
  alongside?: (tx: TransactionSql, escrow: EscrowParties) => Promise<void>,
): Promise<EscrowActionResult> {
  return commitWithEvents(deps, async (tx, outbox) => {
    const r = await applyEscrowAction(tx, outbox, input);
    if (r.ok && r.changed && alongside) await alongside(tx, r.escrow);
    return r;
  });
}

/**
 * Runs a write on a locked escrow the caller takes part in, and publishes its events after commit. Anyone else finds
 * no escrow; a refusal thrown by `work` (before it writes anything) leaves the row as it was.
 */
export function withLockedEscrow<T>(
  deps: EventDeps,
  transactionId: number,
  caller: EscrowCaller,
  work: (tx: TransactionSql, outbox: Outbox, e: LockedEscrow, actor: EscrowActor) => Promise<T>,
): Promise<T> {
  return commitWithEvents(deps, async (tx, outbox) => {
    const e = await lockEscrow(tx, transactionId);
    const actor = e ? actorOf(caller, e) : null;
    if (!e || !actor) throw new NotFound(NO_ESCROW);
    return work(tx, outbox, e, actor);
  });
}
