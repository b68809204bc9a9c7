// A member's card: saved through the provider's setup intent and verified only by its signed webhook (the sandbox's
// card form answers "processing", like a real provider's), and an admin's exemption for dealer accounts.
import type { Sql } from 'postgres';
import type { MyPaymentCard, SetupWebhookEvent } from '@app/shared';
import type { PaymentProvider } from '../escrow/payment-provider.js';
import { DomainError, NotFound } from '../errors.js';
import { listMyHolds } from './hold-read.js';

type Deps = { sql: Sql; payments: PaymentProvider };

/** A new setup intent replaces whatever card the member had: the new card counts once the provider confirms it. */
export async function startCardSetup(deps: Deps, userId: number) {
  const { setupIntentId } = await deps.payments.createSetupIntent({ userId });
  await deps.sql`
    insert into payment_cards (user_id, setup_intent_id) values (${userId}, ${setupIntentId})
    on conflict (user_id) do update set setup_intent_id = excluded.setup_intent_id,
      status = case when payment_cards.status = 'verified' then 'verified' else 'pending' end, failure_reason = null`;
  return { setupIntentId, provider: deps.payments.name };
}

/** The sandbox's card form. A declined card is 402 at once; an accepted one is saved when the webhook arrives. */
export async function confirmSandboxSetup(
  deps: Deps,
  input: { setupIntentId: string; cardNumber: string },
  userId: number,
) {
  if (deps.payments.name !== 'sandbox') throw new NotFound("Cards are saved by the payment provider's own form");
  const [mine] = await deps.sql`
    select 1 from payment_cards where user_id = ${userId} and setup_intent_id = ${input.setupIntentId}`;
  if (!mine) throw new NotFound('Start adding a card first');
  const r = await deps.payments.confirmSetup(input);
  if (r.outcome === 'declined') throw new DomainError(402, r.reason ?? 'Your card was declined');
  return { outcome: 'processing' as const };
}

/**
 * The provider's word on a setup intent. Applied by intent id: a late event for an intent the member has since replaced
 * finds nothing; a failure never takes away a card already verified (the member tried another and it was declined).
 */
export async function receiveSetupEvent(
  sql: Sql,
  event: SetupWebhookEvent,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  return sql.begin(async (tx) => {
    const [fresh] = await tx`
      insert into payment_webhook_events (event_id, event_type, payload) values (${event.id}, ${event.type}, ${tx.json(event)})
      on conflict (event_id) do nothing returning event_id`;
    if (!fresh) return 'duplicate';
    const d = event.data;
    const rows =
      event.type === 'setup_intent.succeeded'
        ? await tx`
            update payment_cards set status = 'verified', payment_method_id = ${d.paymentMethodId}, brand = ${d.brand},
              last4 = ${d.last4}, failure_reason = null, verified_at = now()
            where setup_intent_id = ${d.setupIntentId} and status <> 'verified' returning user_id`
        : await tx`
            update payment_cards set status = 'failed', failure_reason = ${d.failureReason ?? 'Your card was declined'}
            where setup_intent_id = ${d.setupIntentId} and status = 'pending' returning user_id`;
    return rows.length > 0 ? 'applied' : 'ignored';
  });
}

export async function readMyPaymentCard(sql: Sql, userId: number): Promise<MyPaymentCard> {
  const [row] = await sql<
    {
      exempt: boolean;
      status: 'pending' | 'verified' | 'failed' | null;
      brand: string | null;
      last4: string | null;
      failureReason: string | null;
    }[]
  >`
    select u.bid_exempt as exempt, c.status, c.brand, c.last4, c.failure_reason
    from users u left join payment_cards c on c.user_id = u.id where u.id = ${userId}`;
  if (!row) throw new NotFound('Member not found');
  const card = row.status
    ? { status: row.status, brand: row.brand, last4: row.last4, failureReason: row.failureReason }
    : null;
  return { card, exempt: row.exempt, holds: await listMyHolds(sql, userId) };
}

/** An admin's toggle: an exempt member (a dealer account) bids without a card and no hold is placed for them. */
export async function setBidExemption(sql: Sql, adminId: number, userId: number, exempt: boolean) {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ id: number }[]>`update users set bid_exempt = ${exempt} where id = ${userId} returning id`;
    if (!row) throw new NotFound('Member not found');
    await tx`
      insert into admin_audit_log (admin_id, action, subject, details)
      values (${adminId}, 'user.bid_exemption', ${`user:${userId}`}, ${tx.json({ exempt })})`;
    return { userId, exempt };
  });
}
