// What hangs off an escrow besides its status: documents and their review, shipping, disputes. Each write locks the
// escrow row like a step does, asks its rule in shared/src/domain/escrow-*.ts, and tells both parties with an
// escrow.updated; a status change among them (documents verified, a dispute resolved) goes through applyEscrowAction.
import type { Sql, TransactionSql } from 'postgres';
import {
  OUTCOME_ACTION,
  decideInsurance,
  insuranceQuote,
  TRANSIT_INSURANCE,
  toCents,
  decideDisputeMessage,
  decideDisputeReview,
  decideDocumentReview,
  decideDocumentUpload,
  decideShipping,
  disputeRefundCents,
  missingDocuments,
  refundsByPayment,
  shippingText,
  centsToDecimal,
  type DisputeOutcome,
  type DisputeStatus,
  type EscrowDocumentType,
  type EscrowStatus,
  type Refusal,
  type ShippingDetails,
} from '@app/shared';
import type { CommittedEvent } from '../../../infra/src/events/append-events.js';
import { tellParties } from './escrow-notices.js';
import type { EventPublisher } from '../../../infra/src/events/publish.js';
import {
  NO_ESCROW,
  actorOf,
  applyEscrowAction,
  escrowNotices,
  lockEscrow,
  type EscrowCaller,
  type LockedEscrow,
} from './escrow-actions.js';
import { insertRefundLines, scheduleLinesOf } from './payment-schedule.js';

type Deps = { sql: Sql; events: EventPublisher };
export type RecordResult<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

const words = (type: string) => type.replaceAll('_', ' ');
const refused = (refusal: Refusal) => ({ ok: false as const, refusal });

/** Runs a write on a locked escrow the caller takes part in, and publishes its notices after commit. */
async function onLockedEscrow<T>(
  deps: Deps,
  transactionId: number,
  caller: EscrowCaller,
  work: (
    tx: TransactionSql,
    e: LockedEscrow,
    actor: string,
  ) => Promise<{ result: RecordResult<T>; committed: CommittedEvent[] }>,
): Promise<RecordResult<T>> {
  const { result, committed } = await deps.sql.begin(async (tx) => {
    const e = await lockEscrow(tx, transactionId);
    const actor = e ? actorOf(caller, e) : null;
    if (!e || !actor)
      return { result: refused({ code: 'not-found', message: NO_ESCROW }) as RecordResult<T>, committed: [] };
    return work(tx, e, actor);
  });
  deps.events.publish(committed);
  return result;
}

export interface StoredFile {
  fileName: string;
  contentType: string;
  bytes: number;
}

/** Records an uploaded file; a required type replaces the slot's previous file, whose name comes back to delete. */
export async function recordDocument(
  deps: Deps,
  input: { transactionId: number; userId: number; documentType: EscrowDocumentType; file: StoredFile },
): Promise<RecordResult<{ documentId: number; replacedFile: string | null }>> {
  return onLockedEscrow(deps, input.transactionId, { kind: 'user', userId: input.userId }, async (tx, e, actor) => {
    const [slot] =
      input.documentType === 'other'
        ? []
        : await tx<{ id: number; verificationStatus: string; fileName: string | null }[]>`
      select id, verification_status, file_name from transaction_documents
      where transaction_id = ${e.id} and document_type = ${input.documentType} order by id limit 1`;
    const verdict = decideDocumentUpload(e.status, actor, input.documentType, slot?.verificationStatus ?? null);
    if (!verdict.ok) return { result: refused(verdict.refusal), committed: [] };
    const f = input.file;
    const [row] = slot
      ? await tx<{ id: number }[]>`
          update transaction_documents set file_name = ${f.fileName}, content_type = ${f.contentType}, bytes = ${f.bytes},
            uploaded_at = now(), uploaded_by = ${input.userId}, verification_status = 'pending', rejection_reason = null,
            verified_by = null, verified_at = null
          where id = ${slot.id} returning id`
      : await tx<{ id: number }[]>`
          insert into transaction_documents (transaction_id, document_type, file_name, content_type, bytes, uploaded_at, uploaded_by)
          values (${e.id}, ${input.documentType}, ${f.fileName}, ${f.contentType}, ${f.bytes}, now(), ${input.userId}) returning id`;
    const drafts = escrowNotices(e, {
      actor: actor as 'buyer' | 'seller',
      status: e.status,
      milestone: null,
      text: `The ${actor} uploaded the ${words(input.documentType)}`,
    });
    return {
      result: { ok: true, value: { documentId: row!.id, replacedFile: slot?.fileName ?? null } },
      committed: await tellParties(tx, drafts),
    };
  });
}

/** An admin verifies or rejects a document; the last required one verified on a funded escrow starts the inspection. */
export async function reviewDocument(
  deps: Deps,
  input: {
    transactionId: number;
    documentId: number;
    adminId: number;
    decision: 'verified' | 'rejected';
    reason?: string | undefined;
  },
): Promise<RecordResult<{ changed: boolean; status: EscrowStatus }>> {
  return onLockedEscrow<{ changed: boolean; status: EscrowStatus }>(
    deps,
    input.transactionId,
    { kind: 'admin', adminId: input.adminId },
    async (tx, e, actor) => {
      const [doc] = await tx<
        { id: number; documentType: string; verificationStatus: string; fileName: string | null }[]
      >`
      select id, document_type, verification_status, file_name from transaction_documents
      where id = ${input.documentId} and transaction_id = ${e.id} for update`;
      if (!doc)
        return {
          result: refused({ code: 'not-found', message: 'No such document on this transaction' }),
          committed: [],
        };
      const verdict = decideDocumentReview(
        e.status,
        actor,
        { uploaded: doc.fileName !== null, verificationStatus: doc.verificationStatus },
        input.decision,
      );
      if (!verdict.ok) return { result: refused(verdict.refusal), committed: [] };
      if ('changed' in verdict)
        return { result: { ok: true, value: { changed: false, status: e.status } }, committed: [] };
      await tx`
      update transaction_documents set verification_status = ${input.decision}, verified_by = ${input.adminId}, verified_at = now(),
        rejection_reason = ${input.decision === 'rejected' ? (input.reason ?? null) : null}
      where id = ${doc.id}`;
      const text =
        input.decision === 'verified'
          ? `An admin verified the ${words(doc.documentType)}`
          : `An admin rejected the ${words(doc.documentType)}: ${input.reason ?? ''}`;
      const committed = await tellParties(
        tx,
        escrowNotices(e, { actor: 'admin', status: e.status, milestone: null, text }),
      );
      const verified = input.decision === 'verified' ? [...e.verifiedDocuments, doc.documentType] : e.verifiedDocuments;
      if (e.status === 'funded' && missingDocuments(verified).length === 0) {
        const step = await applyEscrowAction(tx, {
          transactionId: e.id,
          action: 'verify_documents',
          caller: { kind: 'admin', adminId: input.adminId },
        });
        if (step.ok)
          return {
            result: { ok: true, value: { changed: true, status: step.status } },
            committed: [...committed, ...step.committed],
          };
      }
      return { result: { ok: true, value: { changed: true, status: e.status } }, committed };
    },
  );
}

export async function updateShipping(
  deps: Deps,
  input: ShippingDetails & { transactionId: number; userId: number },
): Promise<RecordResult<{ status: EscrowStatus }>> {
  return onLockedEscrow(deps, input.transactionId, { kind: 'user', userId: input.userId }, async (tx, e, actor) => {
    const verdict = decideShipping(e.status, actor, input);
    if (!verdict.ok) return { result: refused(verdict.refusal), committed: [] };
    const carrier = input.shippingMethod === 'carrier';
    await tx`
      update escrow_transactions set shipping_method = ${input.shippingMethod},
        pickup_location = coalesce(${input.pickupLocation ?? null}, pickup_location),
        inspection_location = coalesce(${input.inspectionLocation ?? null}, inspection_location),
        shipping_carrier = ${carrier ? (input.carrier ?? null) : null},
        shipping_tracking_number = ${carrier ? (input.trackingNumber ?? null) : null}, updated_at = now()
      where id = ${e.id}`;
    const drafts = escrowNotices(e, { actor: 'seller', status: e.status, milestone: null, text: shippingText(input) });
    return { result: { ok: true, value: { status: e.status } }, committed: await tellParties(tx, drafts) };
  });
}

/** The buyer adds the transit policy before paying; its premium joins the schedule as a `fee` line paid with the rest. */
export async function addInsurance(
  deps: Deps,
  input: { transactionId: number; userId: number },
): Promise<RecordResult<{ policyNumber: string }>> {
  return onLockedEscrow<{ policyNumber: string }>(
    deps,
    input.transactionId,
    { kind: 'user', userId: input.userId },
    async (tx, e, actor) => {
      const [existing] =
        await tx`select 1 from transaction_insurance where transaction_id = ${e.id} and status = 'active'`;
      const verdict = decideInsurance(e.status, actor, existing !== undefined, e.paymentIntentId !== null);
      if (!verdict.ok) return { result: refused(verdict.refusal), committed: [] };
      const quote = insuranceQuote(toCents(e.amount));
      const policyNumber = `SBX-${e.id}-${e.dbNow.getTime().toString(36).toUpperCase()}`;
      await tx`
      insert into transaction_insurance (transaction_id, insurance_provider, policy_number, coverage_amount, coverage_type, premium, effective_date, expiration_date)
      values (${e.id}, ${TRANSIT_INSURANCE.provider}, ${policyNumber}, ${centsToDecimal(quote.coverageCents)}, ${TRANSIT_INSURANCE.coverageType},
              ${centsToDecimal(quote.premiumCents)}, now(), now() + ${TRANSIT_INSURANCE.termDays} * interval '1 day')`;
      await tx`
      insert into payment_schedules (transaction_id, payment_type, amount, due_date, metadata)
      values (${e.id}, 'fee', ${centsToDecimal(quote.premiumCents)}, coalesce(${e.paymentDueAt}, now()), ${tx.json({ for: 'transit_insurance', policyNumber })})`;
      const drafts = escrowNotices(e, {
        actor: 'buyer',
        status: e.status,
        milestone: null,
        text: `The buyer added transit insurance (policy ${policyNumber})`,
      });
      return { result: { ok: true, value: { policyNumber } }, committed: await tellParties(tx, drafts) };
    },
  );
}

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

/** A mediator takes the open dispute: open -> in review. */
export async function reviewDispute(
  deps: Deps,
  input: { transactionId: number; adminId: number },
): Promise<RecordResult<{ disputeId: number; disputeStatus: DisputeStatus; status: EscrowStatus }>> {
  return onLockedEscrow<{ disputeId: number; disputeStatus: DisputeStatus; status: EscrowStatus }>(
    deps,
    input.transactionId,
    { kind: 'admin', adminId: input.adminId },
    async (tx, e) => {
      const d = await activeDispute(tx, e.id);
      if (!d)
        return {
          result: refused({ code: 'conflict', message: 'This transaction has no open dispute' }),
          committed: [],
        };
      const verdict = decideDisputeReview(d.status);
      if (!verdict.ok) return { result: refused(verdict.refusal), committed: [] };
      if ('changed' in verdict)
        return {
          result: { ok: true, value: { disputeId: d.id, disputeStatus: d.status, status: e.status } },
          committed: [],
        };
      await tx`update dispute_resolutions set status = 'in_review', assigned_mediator = ${input.adminId}, updated_at = now() where id = ${d.id}`;
      const drafts = escrowNotices(e, {
        actor: 'admin',
        status: e.status,
        milestone: null,
        text: 'A mediator is reviewing the dispute',
      });
      return {
        result: { ok: true, value: { disputeId: d.id, disputeStatus: 'in_review' as const, status: e.status } },
        committed: await tellParties(tx, drafts),
      };
    },
  );
}

/** A party or the mediator writes in the open dispute's thread; both parties are told. */
export async function postDisputeMessage(
  deps: Deps,
  input: { transactionId: number; caller: EscrowCaller; body: string },
): Promise<RecordResult<{ disputeId: number }>> {
  return onLockedEscrow<{ disputeId: number }>(deps, input.transactionId, input.caller, async (tx, e, actor) => {
    const d = await activeDispute(tx, e.id);
    const verdict = decideDisputeMessage(d?.status ?? null, actor);
    if (!verdict.ok || !d)
      return {
        result: refused(
          verdict.ok ? { code: 'conflict', message: 'This transaction has no open dispute' } : verdict.refusal,
        ),
        committed: [],
      };
    const role = actor === 'admin' ? 'mediator' : actor;
    await tx`
      insert into dispute_messages (dispute_id, author_role, author_user_id, author_admin_id, body)
      values (${d.id}, ${role}, ${input.caller.kind === 'user' ? input.caller.userId : null},
              ${input.caller.kind === 'admin' ? input.caller.adminId : null}, ${input.body})`;
    const text =
      role === 'mediator'
        ? `The mediator wrote in the dispute: ${input.body}`
        : `The ${role} wrote in the dispute: ${input.body}`;
    const drafts = escrowNotices(e, {
      actor: actor as 'buyer' | 'seller' | 'admin',
      status: e.status,
      milestone: null,
      text: text.length > 300 ? `${text.slice(0, 297)}...` : text,
    });
    return { result: { ok: true, value: { disputeId: d.id } }, committed: await tellParties(tx, drafts) };
  });
}

export interface DisputeResolution {
  disputeId: number;
  disputeStatus: DisputeStatus;
  status: EscrowStatus;
  /** Money back to the buyer's card, one per payment it reverses, for the caller to send through the provider after commit. */
  refunds: { cents: number; intentId: string; scheduleId: number }[];
}

/** A mediator decides: release to the seller, refund the buyer, or part of each. The escrow moves by the state machine. */
export async function resolveDispute(
  deps: Deps,
  input: {
    transactionId: number;
    adminId: number;
    outcome: DisputeOutcome;
    refundCents?: number | undefined;
    decision: string;
  },
): Promise<RecordResult<DisputeResolution>> {
  return onLockedEscrow<DisputeResolution>(
    deps,
    input.transactionId,
    { kind: 'admin', adminId: input.adminId },
    async (tx, e) => {
      const d = await activeDispute(tx, e.id);
      if (!d)
        return {
          result: refused({ code: 'conflict', message: 'This transaction has no open dispute' }),
          committed: [],
        };
      // What the buyer paid, by payment (a line paid before intents were kept per line counts as the escrow's intent).
      const paid = (await scheduleLinesOf(tx, e.id))
        .filter((l) => l.status === 'paid' && l.paymentType !== 'refund')
        .map((l) => ({ ...l, paymentId: l.paymentId ?? e.paymentIntentId }));
      const refund = disputeRefundCents(
        input.outcome,
        paid.reduce((t, l) => t + l.amountCents, 0),
        input.refundCents,
      );
      if (!refund.ok) return { result: refused({ code: 'invalid', message: refund.message }), committed: [] };
      const step = await applyEscrowAction(tx, {
        transactionId: e.id,
        action: OUTCOME_ACTION[input.outcome],
        caller: { kind: 'admin', adminId: input.adminId },
        notes: input.decision,
      });
      if (!step.ok) return { result: refused(step.refusal), committed: [] };
      await tx`
      update dispute_resolutions set status = 'resolved', resolution = ${input.outcome}, resolution_amount = ${centsToDecimal(refund.cents)},
        mediator_decision = ${input.decision}, resolved_at = now(), assigned_mediator = coalesce(assigned_mediator, ${input.adminId}), updated_at = now()
      where id = ${d.id}`;
      const lines = await insertRefundLines(tx, e.id, refundsByPayment(paid, refund.cents));
      const refunds = lines.map((l) => ({ cents: toCents(l.amount), intentId: l.paymentId, scheduleId: l.id }));
      return {
        result: {
          ok: true,
          value: { disputeId: d.id, disputeStatus: 'resolved' as const, status: step.status, refunds },
        },
        committed: step.committed,
      };
    },
  );
}
