// The buyer's side of a payment: an intent with the provider for what the schedule says is due, and (sandbox only) the
// card form's charge. Neither marks anything paid: the provider's signed webhook does (routes/payment-webhook.ts).
import type { Sql, TransactionSql } from 'postgres';
import { NO_ESCROW, actorOf, escrowStateOf, lockEscrow, type EventPublisher, type PaymentProvider } from '@app/infra';
import { centsToDecimal, decidePaymentStart, toCents, type SessionUser } from '@app/shared';
import { DomainError, NotFound, refusalError } from '../domain-errors.js';

type Deps = { sql: Sql; events: EventPublisher; payments: PaymentProvider };

async function amountDueCents(sql: Sql | TransactionSql, transactionId: number): Promise<number> {
  const [due] = await sql<{ amount: string }[]>`
    select coalesce(sum(amount), 0)::numeric(10, 2)::text as amount from payment_schedules
    where transaction_id = ${transactionId} and status in ('pending', 'failed') and payment_type in ('full', 'balance', 'deposit', 'fee')`;
  return toCents(due!.amount);
}

/** The intent the buyer pays against: made once per escrow and kept on its row, so a second click reuses it. */
export async function startPayment(deps: Deps, transactionId: number, user: SessionUser) {
  return deps.sql.begin(async (tx) => {
    const e = await lockEscrow(tx, transactionId);
    const actor = e ? actorOf({ kind: 'user', userId: user.id }, e) : null;
    if (!e || !actor) throw new NotFound(NO_ESCROW);
    const verdict = decidePaymentStart(escrowStateOf(e, e.completed, e.verifiedDocuments), actor, e.dbNow.getTime());
    if (!verdict.ok) throw refusalError(verdict.refusal);
    const cents = await amountDueCents(tx, e.id);
    let intentId = e.paymentIntentId;
    if (!intentId) {
      intentId = (await deps.payments.createIntent({ transactionId: e.id, amountCents: cents })).intentId;
      await tx`update escrow_transactions set payment_intent_id = ${intentId}, updated_at = now() where id = ${e.id}`;
    }
    return { intentId, provider: deps.payments.name, amount: centsToDecimal(cents) };
  });
}

/** The sandbox's card form: a test card that pays answers "processing" and the webhook follows; others are declined (402). */
export async function payWithSandboxCard(deps: Deps, input: { transactionId: number; cardNumber: string }, user: SessionUser) {
  if (deps.payments.name !== 'sandbox') throw new NotFound('Cards are taken by the payment provider\'s own form');
  const [e] = await deps.sql<{ id: number; buyerId: number; sellerId: number | null; status: string; paymentIntentId: string | null }[]>`
    select id, buyer_id, seller_id, status, payment_intent_id from escrow_transactions where id = ${input.transactionId}`;
  if (!e || (e.buyerId !== user.id && e.sellerId !== user.id)) throw new NotFound(NO_ESCROW);
  if (e.buyerId !== user.id) throw new DomainError(403, 'Only the buyer can pay for this transaction');
  if (!e.paymentIntentId || e.status !== 'pending') throw new DomainError(409, 'Start the payment first');
  const result = await deps.payments.confirm({
    transactionId: e.id,
    intentId: e.paymentIntentId,
    amountCents: await amountDueCents(deps.sql, e.id),
    cardNumber: input.cardNumber,
  });
  if (result.outcome === 'declined') throw new DomainError(402, result.reason ?? 'Your card was declined');
  return { outcome: 'processing' as const, intentId: e.paymentIntentId };
}
