// The payment provider's confirmation, already verified by its signature: recorded once by its event id (a retry, or
// two deliveries racing, find it recorded and change nothing), then applied through the one escrow service as the
// `payment_provider` actor, the only actor that can mark a payment received.
import type { Sql } from 'postgres';
import { toCents, type PaymentWebhookEvent } from '@app/shared';
import type { CommittedEvent } from '../events/append-events.js';
import { tellParties } from './escrow-notices.js';
import type { EventPublisher } from '../events/publish.js';
import { applyEscrowAction, escrowNotices, lockEscrow } from './escrow-actions.js';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

export async function receivePaymentEvent(deps: { sql: Sql; events: EventPublisher }, event: PaymentWebhookEvent): Promise<WebhookOutcome> {
  const { outcome, committed } = await deps.sql.begin(async (tx): Promise<{ outcome: WebhookOutcome; committed: CommittedEvent[] }> => {
    const [fresh] = await tx`
      insert into payment_webhook_events (event_id, event_type, transaction_id, payload)
      values (${event.id}, ${event.type}, (select id from escrow_transactions where id = ${event.data.transactionId}), ${tx.json(event)})
      on conflict (event_id) do nothing
      returning event_id`;
    if (!fresh) return { outcome: 'duplicate', committed: [] };
    const e = await lockEscrow(tx, event.data.transactionId);
    // An event for another intent (an old one, another escrow's) is kept on record and otherwise ignored.
    if (!e || e.paymentIntentId !== event.data.intentId) return { outcome: 'ignored', committed: [] };
    if (event.type === 'payment_intent.payment_failed') {
      await tx`
        update payment_schedules set status = 'failed', failure_reason = ${event.data.failureReason ?? 'Payment failed'}, payment_id = ${event.data.intentId}
        where transaction_id = ${e.id} and status in ('pending', 'failed') and payment_type in ('full', 'balance', 'deposit', 'fee')`;
      // The buyer's page shows the failure as it arrives; the seller has nothing to do about a declined card.
      const notice = escrowNotices(e, { actor: 'payment_provider', status: e.status, milestone: null, text: `The payment provider declined the card: ${event.data.failureReason ?? 'payment failed'}` })
        .filter((d) => d.type === 'escrow.updated' && d.role === 'buyer');
      return { outcome: 'applied', committed: await tellParties(tx, notice) };
    }
    const [due] = await tx<{ cents: string | null }[]>`
      select (sum(amount) * 100)::bigint::text as cents from payment_schedules
      where transaction_id = ${e.id} and status in ('pending', 'failed') and payment_type in ('full', 'balance', 'deposit', 'fee')`;
    if (due?.cents == null || Number(due.cents) !== toCents(event.data.amount)) return { outcome: 'ignored', committed: [] };
    const r = await applyEscrowAction(tx, { transactionId: e.id, action: 'confirm_payment', caller: { kind: 'payment_provider' } });
    if (!r.ok || !r.changed) return { outcome: 'ignored', committed: [] };
    await tx`
      update payment_schedules set status = 'paid', paid_at = now(), payment_id = ${event.data.intentId}, failure_reason = null
      where transaction_id = ${e.id} and status in ('pending', 'failed') and payment_type in ('full', 'balance', 'deposit', 'fee')`;
    return { outcome: 'applied', committed: r.committed };
  });
  deps.events.publish(committed);
  return outcome;
}
