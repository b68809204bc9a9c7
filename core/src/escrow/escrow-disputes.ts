// Disputes: a party opens one (the escrow moves to disputed by the state machine), a mediator takes it for review,
// both sides and the mediator write in its thread, and the mediator resolves it (release, refund, or part of each),
// the refunds sent through the payment provider after commit. The rules are shared/src/domain/escrow-disputes.ts.
import type { TransactionSql } from 'postgres';
import type { EventDeps } from '@app/infra';
import {
  OUTCOME_ACTION,
  centsToDecimal,
  decideDisputeMessage,
  decideDisputeReview,
  disputeRefundCents,
  refundsByPayment,
  toCents,
  type DisputeOutcome,
  type DisputeStatus,
  type EscrowStatus,
  type SessionUser,
} from '@app/shared';
import { Conflict, Invalid, refusalError } from '../errors.js';
import {
  applyEscrowAction,
  escrowNotices,
  performEscrowAction,
  withLockedEscrow,
  type EscrowCaller,
} from './escrow-actions.js';
import { tellParties } from './escrow-notices.js';
import type { PaymentProvider } from './payment-provider.js';
import { insertRefundLines, scheduleLinesOf } from './payment-schedule.js';
import { stepAnswer } from './escrow-steps.js';

const NO_OPEN_DISPUTE = 'This transaction has no open dispute';

interface ActiveDispute {
  id: number;
  status: DisputeStatus;
}

async function activeDispute(tx: TransactionSql, transactionId: number): Promise<ActiveDispute | undefined> {
  const [d] = await tx<ActiveDispute[]>`
    select id, status from dispute_resolutions where transaction_id = ${transactionId} and status in ('open', 'in_review')
    order by id desc limit 1 for update`;
  return d;
}

/** A party opens a dispute: the escrow moves to disputed, and the dispute is recorded with its evidence. */
export async function initiateDispute(
  deps: EventDeps,
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
  const { status } = stepAnswer(r);
  return { disputeId, status };
}

/** A mediator takes the open dispute: open -> in review. */
export async function reviewDispute(
  deps: EventDeps,
  transactionId: number,
  adminId: number,
): Promise<{ disputeId: number; disputeStatus: DisputeStatus; status: EscrowStatus }> {
  return withLockedEscrow(deps, transactionId, { kind: 'admin', adminId }, async (tx, outbox, e) => {
    const d = await activeDispute(tx, e.id);
    if (!d) throw new Conflict(NO_OPEN_DISPUTE);
    const verdict = decideDisputeReview(d.status);
    if (!verdict.ok) throw refusalError(verdict.refusal);
    if ('changed' in verdict) return { disputeId: d.id, disputeStatus: d.status, status: e.status };
    await tx`update dispute_resolutions set status = 'in_review', assigned_mediator = ${adminId}, updated_at = now() where id = ${d.id}`;
    const drafts = escrowNotices(e, {
      actor: 'admin',
      status: e.status,
      milestone: null,
      text: 'A mediator is reviewing the dispute',
    });
    await tellParties(tx, outbox, drafts);
    return { disputeId: d.id, disputeStatus: 'in_review' as const, status: e.status };
  });
}

/** A party or the mediator writes in the open dispute's thread; both parties are told. */
export async function postDisputeMessage(
  deps: EventDeps,
  transactionId: number,
  caller: EscrowCaller,
  body: string,
): Promise<{ disputeId: number }> {
  return withLockedEscrow(deps, transactionId, caller, async (tx, outbox, e, actor) => {
    const d = await activeDispute(tx, e.id);
    const verdict = decideDisputeMessage(d?.status ?? null, actor);
    if (!verdict.ok) throw refusalError(verdict.refusal);
    if (!d) throw new Conflict(NO_OPEN_DISPUTE);
    const role = actor === 'admin' ? 'mediator' : actor;
    await tx`
      insert into dispute_messages (dispute_id, author_role, author_user_id, author_admin_id, body)
      values (${d.id}, ${role}, ${caller.kind === 'user' ? caller.userId : null},
              ${caller.kind === 'admin' ? caller.adminId : null}, ${body})`;
    const text =
      role === 'mediator' ? `The mediator wrote in the dispute: ${body}` : `The ${role} wrote in the dispute: ${body}`;
    const drafts = escrowNotices(e, {
      actor: actor as 'buyer' | 'seller' | 'admin',
      status: e.status,
      milestone: null,
      text: text.length > 300 ? `${text.slice(0, 297)}...` : text,
    });
    await tellParties(tx, outbox, drafts);
    return { disputeId: d.id };
  });
}

/**
 * A mediator decides: release to the seller, refund the buyer, or part of each. The escrow moves by the state machine;
 * after commit each refund (one per payment it reverses) is sent through the payment provider and recorded paid.
 */
export async function resolveDispute(
  deps: EventDeps & { payments: PaymentProvider },
  input: { transactionId: number; outcome: DisputeOutcome; refundCents?: number | undefined; decision: string },
  adminId: number,
): Promise<{ disputeId: number; disputeStatus: DisputeStatus; status: EscrowStatus }> {
  const resolved = await withLockedEscrow(
    deps,
    input.transactionId,
    { kind: 'admin', adminId },
    async (tx, outbox, e) => {
      const d = await activeDispute(tx, e.id);
      if (!d) throw new Conflict(NO_OPEN_DISPUTE);
      // What the buyer paid, by payment (a line paid before intents were kept per line counts as the escrow's intent).
      const paid = (await scheduleLinesOf(tx, e.id))
        .filter((l) => l.status === 'paid' && l.paymentType !== 'refund')
        .map((l) => ({ ...l, paymentId: l.paymentId ?? e.paymentIntentId }));
      const refund = disputeRefundCents(
        input.outcome,
        paid.reduce((t, l) => t + l.amountCents, 0),
        input.refundCents,
      );
      if (!refund.ok) throw new Invalid(refund.message);
      const step = await applyEscrowAction(tx, outbox, {
        transactionId: e.id,
        action: OUTCOME_ACTION[input.outcome],
        caller: { kind: 'admin', adminId },
        notes: input.decision,
      });
      if (!step.ok) throw refusalError(step.refusal);
      await tx`
      update dispute_resolutions set status = 'resolved', resolution = ${input.outcome}, resolution_amount = ${centsToDecimal(refund.cents)},
        mediator_decision = ${input.decision}, resolved_at = now(), assigned_mediator = coalesce(assigned_mediator, ${adminId}), updated_at = now()
      where id = ${d.id}`;
      const lines = await insertRefundLines(tx, e.id, refundsByPayment(paid, refund.cents));
      const refunds = lines.map((l) => ({ cents: toCents(l.amount), intentId: l.paymentId, scheduleId: l.id }));
      return { disputeId: d.id, disputeStatus: 'resolved' as const, status: step.status, refunds };
    },
  );
  for (const refund of resolved.refunds) {
    const { refundId } = await deps.payments.refund({ intentId: refund.intentId, amountCents: refund.cents });
    await deps.sql`update payment_schedules set status = 'paid', paid_at = now(), metadata = metadata || ${deps.sql.json({ refundId })} where id = ${refund.scheduleId}`;
  }
  return { disputeId: resolved.disputeId, disputeStatus: resolved.disputeStatus, status: resolved.status };
}
