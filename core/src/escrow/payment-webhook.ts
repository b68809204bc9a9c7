// The payment provider's confirmation, already verified by its signature: recorded once by its event id (a retry, or
// two deliveries racing, find it recorded and change nothing), then applied to the lines of the schedule its intent
// pays. When nothing owed is left, the escrow is funded through the one escrow service as the `payment_provider`
// actor, the only actor that can mark a payment received; a deposit alone leaves it pending with the balance due.
import type { TransactionSql } from 'postgres';
import { commitWithEvents, type EventDeps, type Outbox } from '@app/infra';
import { decideEscrow, formatCents, isOwed, paymentDue, toCents, type PaymentWebhookEvent } from '@app/shared';
import { tellParties } from './escrow-notices.js';
import { applyEscrowAction, escrowNotices, escrowStateOf, lockEscrow, type LockedEscrow } from './escrow-actions.js';
import { insertRefundLines, scheduleLinesOf } from './payment-schedule.js';
import type { PaymentProvider } from './payment-provider.js';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

const dueDate = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/**
 * Applies one provider event. A payment that succeeds on a sale already ended (a mediator settled it, or the deadline
 * cancelled it, while the card was being charged) is refunded in full through `payments`, after commit.
 */
export async function receivePaymentEvent(
  deps: EventDeps & { payments: Pick<PaymentProvider, 'refund'> },
  event: PaymentWebhookEvent,
): Promise<WebhookOutcome> {
  const late: { cents: number; intentId: string; scheduleId: number }[] = [];
  const outcome = await commitWithEvents(deps, async (tx, outbox): Promise<WebhookOutcome> => {
    const [fresh] = await tx`
      insert into payment_webhook_events (event_id, event_type, transaction_id, payload)
      values (${event.id}, ${event.type}, (select id from escrow_transactions where id = ${event.data.transactionId}), ${tx.json(event)})
      on conflict (event_id) do nothing
      returning event_id`;
    if (!fresh) return 'duplicate';
    const e = await lockEscrow(tx, event.data.transactionId);
    if (!e) return 'ignored';
    const lines = await scheduleLinesOf(tx, e.id);
    // The lines this intent pays; an event for another intent (an old one, another escrow's) finds none and is ignored.
    const paying = lines.filter((l) => isOwed(l) && l.paymentId === event.data.intentId);
    if (paying.length === 0) {
      if (event.type !== 'payment_intent.succeeded' || (e.status !== 'cancelled' && e.status !== 'refunded'))
        return 'ignored';
      const settled = lines.filter((l) => l.status === 'cancelled' && l.paymentId === event.data.intentId);
      const cents = settled.reduce((t, l) => t + l.amountCents, 0);
      if (settled.length === 0 || cents !== toCents(event.data.amount)) return 'ignored';
      await tx`update payment_schedules set status = 'paid', paid_at = now() where id = any(${settled.map((l) => l.id)}::int[])`;
      const [line] = await insertRefundLines(tx, e.id, [{ paymentId: event.data.intentId, cents }]);
      late.push({ cents, intentId: event.data.intentId, scheduleId: line!.id });
      const text = `The payment of ${formatCents(cents)} arrived after the sale ended; it is refunded to the buyer`;
      await tellParties(
        tx,
        outbox,
        escrowNotices(e, { actor: 'payment_provider', status: e.status, milestone: null, text }),
      );
      return 'applied';
    }
    const ids = paying.map((l) => l.id);
    if (event.type === 'payment_intent.payment_failed') {
      await tx`
        update payment_schedules set status = 'failed', failure_reason = ${event.data.failureReason ?? 'Payment failed'} where id = any(${ids}::int[])`;
      // The buyer's page shows the failure as it arrives; the seller has nothing to do about a declined card.
      const notice = escrowNotices(e, {
        actor: 'payment_provider',
        status: e.status,
        milestone: null,
        text: `The payment provider declined the card: ${event.data.failureReason ?? 'payment failed'}`,
      }).filter((d) => d.type === 'escrow.updated' && d.role === 'buyer');
      await tellParties(tx, outbox, notice);
      return 'applied';
    }
    if (paying.reduce((t, l) => t + l.amountCents, 0) !== toCents(event.data.amount)) return 'ignored';
    const left = lines.filter((l) => isOwed(l) && !ids.includes(l.id));
    const applied = left.length === 0 ? await fund(tx, outbox, e) : await takeDeposit(tx, outbox, e, left);
    if (applied !== 'applied') return applied;
    await tx`
      update payment_schedules set status = 'paid', paid_at = now(), failure_reason = null where id = any(${ids}::int[])`;
    return applied;
  });
  for (const refund of late) {
    const { refundId } = await deps.payments.refund({ intentId: refund.intentId, amountCents: refund.cents });
    await deps.sql`update payment_schedules set status = 'paid', paid_at = now(), metadata = metadata || ${deps.sql.json({ refundId })} where id = ${refund.scheduleId}`;
  }
  return outcome;
}

/** Everything owed is paid: the escrow is funded, by the state machine's `confirm_payment`. */
async function fund(tx: TransactionSql, outbox: Outbox, e: LockedEscrow): Promise<WebhookOutcome> {
  const r = await applyEscrowAction(tx, outbox, {
    transactionId: e.id,
    action: 'confirm_payment',
    caller: { kind: 'payment_provider' },
  });
  return r.ok && r.changed ? 'applied' : 'ignored';
}

/**
 * Part of what is owed is paid (the deposit): taken only when the whole payment would be, and the escrow stays
 * pending. No deadline cancels it any more: the money paid is held for both parties, and a balance paid late is a
 * matter for a dispute, not for the deadline job.
 */
async function takeDeposit(
  tx: TransactionSql,
  outbox: Outbox,
  e: LockedEscrow,
  left: Parameters<typeof paymentDue>[0],
): Promise<WebhookOutcome> {
  const d = decideEscrow(
    escrowStateOf(e, e.completed, e.verifiedDocuments),
    'confirm_payment',
    'payment_provider',
    e.dbNow.getTime(),
  );
  if (!d.ok || !d.changed) return 'ignored';
  await tx`update escrow_transactions set payment_due_at = null, updated_at = now() where id = ${e.id}`;
  const next = paymentDue(left).first!;
  const text = `The payment provider confirmed the deposit; the balance of ${formatCents(next.amountCents)} is due by ${dueDate(next.dueAtMs)} UTC`;
  await tellParties(
    tx,
    outbox,
    escrowNotices(e, { actor: 'payment_provider', status: e.status, milestone: null, text }),
  );
  return 'applied';
}
