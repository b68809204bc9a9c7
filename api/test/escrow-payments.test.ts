import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserSession, startTestApp, type TestContext } from './support/test-app.js';
import { acceptBoth, deliverWebhook, openSale, payAndWait, payWithCard, post, snapshot, waitForStatus } from './support/escrow-sale.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const succeeded = (id: string, transactionId: number, intentId: string, amount = '53750.00') => ({
  id,
  type: 'payment_intent.succeeded',
  created: Math.floor(Date.now() / 1000),
  data: { intentId, transactionId, amount, failureReason: null },
});

async function saleWithIntent() {
  const s = await openSale(ctx);
  await acceptBoth(ctx, s);
  const intent = await post(ctx, s.buyer.cookie, '/api/escrow/payments/intent', { transactionId: s.transactionId });
  expect(intent.statusCode).toBe(200);
  expect(intent.json()).toMatchObject({ provider: 'sandbox', amount: '53750.00' });
  return { ...s, intentId: intent.json().intentId as string };
}

describe('escrow payments', () => {
  it('stores the schedule at the sale: the buyer total, due in 48 hours', async () => {
    const s = await openSale(ctx);
    const [line] = await ctx.sql<{ paymentType: string; amount: string; hours: number; status: string }[]>`
      select s.payment_type, s.amount, round(extract(epoch from s.due_date - t.created_at) / 3600)::int as hours, s.status
      from payment_schedules s join escrow_transactions t on t.id = s.transaction_id where s.transaction_id = ${s.transactionId}`;
    expect(line).toEqual({ paymentType: 'full', amount: '53750.00', hours: 48, status: 'pending' });
  });

  it('declines a card the sandbox does not accept (402) and records the failure; the test card funds the escrow by webhook', async () => {
    const s = await openSale(ctx);
    // No payment before both parties accepted the terms.
    expect((await post(ctx, s.buyer.cookie, '/api/escrow/payments/intent', { transactionId: s.transactionId })).statusCode).toBe(409);
    await acceptBoth(ctx, s);
    const declined = await payWithCard(ctx, s, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: 'Your card was declined' });
    await ctx.app.payments.drain();
    expect(await ctx.sql`select status, failure_reason from payment_schedules where transaction_id = ${s.transactionId}`).toEqual([
      { status: 'failed', failureReason: 'Your card was declined' },
    ]);
    expect((await ctx.sql`select status from escrow_transactions where id = ${s.transactionId}`)[0]!.status).toBe('pending');
    await payAndWait(ctx, s);
    const [line] = await ctx.sql`select status, paid_at is not null as paid from payment_schedules where transaction_id = ${s.transactionId}`;
    expect(line).toEqual({ status: 'paid', paid: true });
    const page = await ctx.app.inject({ url: `/api/escrow/transaction/${s.auctionId}`, headers: { cookie: s.buyer.cookie } });
    expect(page.json().milestones.find((m: { milestone: string }) => m.milestone === 'payment_received').status).toBe('completed');
  });

  it('refuses a webhook with a bad signature (400) and changes nothing', async () => {
    const s = await saleWithIntent();
    const before = await snapshot(ctx, s.transactionId);
    const forged = await deliverWebhook(ctx, succeeded('evt_forged', s.transactionId, s.intentId), 'not-the-secret-at-all-000');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'The webhook signature does not match' });
    // A signature from long ago (a replay) and none at all are refused too.
    expect((await deliverWebhook(ctx, succeeded('evt_old', s.transactionId, s.intentId), undefined, Date.now() - 3_600_000)).statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST', url: '/api/escrow/payments/webhook', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(succeeded('evt_unsigned', s.transactionId, s.intentId)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await snapshot(ctx, s.transactionId)).toEqual(before);
    expect(await ctx.sql`select event_id from payment_webhook_events where event_id in ('evt_forged', 'evt_old', 'evt_unsigned')`).toEqual([]);
  });

  it('applies the same event once, even when two deliveries race', async () => {
    const s = await saleWithIntent();
    const event = succeeded(`evt_${s.transactionId}`, s.transactionId, s.intentId);
    const [a, b] = await Promise.all([deliverWebhook(ctx, event), deliverWebhook(ctx, event)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().duplicate, b.json().duplicate].sort()).toEqual([false, true]);
    const third = await deliverWebhook(ctx, event);
    expect(third.json()).toEqual({ received: true, duplicate: true });
    expect((await ctx.sql`select status from escrow_transactions where id = ${s.transactionId}`)[0]!.status).toBe('funded');
    const funded = await ctx.sql`
      select 1 from outbox where type = 'escrow.updated' and payload->>'status' = 'funded' and (payload->>'transactionId')::int = ${s.transactionId}`;
    expect(funded).toHaveLength(2); // one notice to each party, once
    // A different event for the same payment finds it paid: nothing more changes.
    const again = await deliverWebhook(ctx, succeeded(`evt_${s.transactionId}_b`, s.transactionId, s.intentId));
    expect(again.json()).toEqual({ received: true, duplicate: false });
    expect(await ctx.sql`select 1 from outbox where type = 'escrow.updated' and payload->>'status' = 'funded' and (payload->>'transactionId')::int = ${s.transactionId}`).toHaveLength(2);
  });

  it('ignores a signed event for another intent or amount: only the real payment confirms', async () => {
    const s = await saleWithIntent();
    expect((await deliverWebhook(ctx, succeeded('evt_wrong_intent', s.transactionId, 'pi_other'))).statusCode).toBe(200);
    expect((await deliverWebhook(ctx, succeeded('evt_wrong_amount', s.transactionId, s.intentId, '1.00'))).statusCode).toBe(200);
    expect((await ctx.sql`select status from escrow_transactions where id = ${s.transactionId}`)[0]!.status).toBe('pending');
  });

  it('never lets the buyer, the seller or an admin mark payment received (403), nor a stranger pay', async () => {
    const s = await saleWithIntent();
    const before = await snapshot(ctx, s.transactionId);
    const asBuyer = await post(ctx, s.buyer.cookie, '/api/escrow/complete-milestone', { transactionId: s.transactionId, milestone: 'payment_received' });
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json()).toEqual({ error: 'Only the payment provider can mark payment received' });
    expect((await post(ctx, s.seller.cookie, '/api/escrow/complete-milestone', { transactionId: s.transactionId, milestone: 'payment_received' })).statusCode).toBe(403);
    expect((await post(ctx, s.seller.cookie, '/api/escrow/payments/sandbox/confirm', { transactionId: s.transactionId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' })).statusCode).toBe(403);
    const stranger = await createUserSession(ctx.app, ctx.sql);
    expect((await post(ctx, stranger.cookie, '/api/escrow/payments/intent', { transactionId: s.transactionId })).statusCode).toBe(404);
    expect(await snapshot(ctx, s.transactionId)).toEqual(before);
    await waitForStatus(ctx, s.transactionId, 'pending');
  });
});
