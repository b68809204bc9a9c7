// The buyer's side of a payment: an intent with the provider for the lines of the schedule this payment covers (all
// that is owed, or the deposit first), and (sandbox only) the card form's charge. Neither marks anything paid: the
// provider's signed webhook does (routes/payment-webhook.ts).
import type { Sql } from 'postgres';
import { NO_ESCROW, actorOf, escrowStateOf, lockEscrow } from './escrow-actions.js';
import { assignIntent, scheduleLinesOf } from './payment-schedule.js';
import { type EventPublisher } from '@app/infra';
import { type PaymentProvider } from './payment-provider.js';
import {
  centsToDecimal,
  decidePaymentLines,
  decidePaymentStart,
  isOwed,
  type PaymentPart,
  type SessionUser,
} from '@app/shared';
import { DomainError, NotFound, refusalError } from '../errors.js';

type Deps = { sql: Sql; events: EventPublisher; payments: PaymentProvider };

/** The intent the buyer pays against: made once for the lines it covers and kept, so a second click reuses it. */
export async function startPayment(deps: Deps, input: { transactionId: number; part: PaymentPart }, user: SessionUser) {
  return deps.sql.begin(async (tx) => {
    const e = await lockEscrow(tx, input.transactionId);
    const actor = e ? actorOf({ kind: 'user', userId: user.id }, e) : null;
    if (!e || !actor) throw new NotFound(NO_ESCROW);
    const verdict = decidePaymentStart(escrowStateOf(e, e.completed, e.verifiedDocuments), actor, e.dbNow.getTime());
    if (!verdict.ok) throw refusalError(verdict.refusal);
    const plan = decidePaymentLines(await scheduleLinesOf(tx, e.id), input.part);
    if (!plan.ok) throw refusalError(plan.refusal);
    let intentId = plan.reuseIntent;
    if (!intentId) {
      intentId = (await deps.payments.createIntent({ transactionId: e.id, amountCents: plan.amountCents })).intentId;
      await assignIntent(
        tx,
        e.id,
        plan.lines.map((l) => l.id),
        intentId,
      );
    }
    return { intentId, provider: deps.payments.name, amount: centsToDecimal(plan.amountCents) };
  });
}

/** The sandbox's card form: a test card that pays answers "processing" and the webhook follows; others are declined (402). */
export async function payWithSandboxCard(
  deps: Deps,
  input: { transactionId: number; cardNumber: string },
  user: SessionUser,
) {
  if (deps.payments.name !== 'sandbox') throw new NotFound("Cards are taken by the payment provider's own form");
  const [e] = await deps.sql<
    { id: number; buyerId: number; sellerId: number | null; status: string; paymentIntentId: string | null }[]
  >`
    select id, buyer_id, seller_id, status, payment_intent_id from escrow_transactions where id = ${input.transactionId}`;
  if (!e || (e.buyerId !== user.id && e.sellerId !== user.id)) throw new NotFound(NO_ESCROW);
  if (e.buyerId !== user.id) throw new DomainError(403, 'Only the buyer can pay for this transaction');
  const paying = (await scheduleLinesOf(deps.sql, e.id)).filter(
    (l) => isOwed(l) && l.paymentId !== null && l.paymentId === e.paymentIntentId,
  );
  if (!e.paymentIntentId || e.status !== 'pending' || paying.length === 0)
    throw new DomainError(409, 'Start the payment first');
  const result = await deps.payments.confirm({
    transactionId: e.id,
    intentId: e.paymentIntentId,
    amountCents: paying.reduce((t, l) => t + l.amountCents, 0),
    cardNumber: input.cardNumber,
  });
  if (result.outcome === 'declined') throw new DomainError(402, result.reason ?? 'Your card was declined');
  return { outcome: 'processing' as const, intentId: e.paymentIntentId };
}
