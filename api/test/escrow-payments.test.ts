import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEscrowDeadlines } from '@app/core/escrow';
import { createAdminSession, createUserSession, startTestApp, type TestContext } from './support/test-app.js';
import {
  acceptBoth,
  deliverWebhook,
  escrowStatus,
  openSale,
  payAndWait,
  payWithCard,
  post,
  snapshot,
  waitForStatus,
  type Sale,
} from './support/escrow-sale.js';

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
  it('stores the schedule at the sale: a 10% deposit due in 48 hours, the balance due in 7 days', async () => {
    const s = await openSale(ctx);
    const lines = await ctx.sql<{ paymentType: string; amount: string; hours: number; status: string }[]>`
      select s.payment_type, s.amount, round(extract(epoch from s.due_date - t.created_at) / 3600)::int as hours, s.status
      from payment_schedules s join escrow_transactions t on t.id = s.transaction_id where s.transaction_id = ${s.transactionId} order by s.id`;
    expect(lines).toEqual([
      { paymentType: 'deposit', amount: '5375.00', hours: 48, status: 'pending' },
      { paymentType: 'balance', amount: '48375.00', hours: 168, status: 'pending' },
    ]);
  });

  it('declines a card the sandbox does not accept (402) and records the failure; the test card funds the escrow by webhook', async () => {
    const s = await openSale(ctx);
    // No payment before both parties accepted the terms.
    expect(
      (await post(ctx, s.buyer.cookie, '/api/escrow/payments/intent', { transactionId: s.transactionId })).statusCode,
    ).toBe(409);
    await acceptBoth(ctx, s);
    const declined = await payWithCard(ctx, s, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: 'Your card was declined' });
    await ctx.app.payments.drain();
    expect(
      await ctx.sql`select status, failure_reason from payment_schedules where transaction_id = ${s.transactionId} order by id`,
    ).toEqual([
      { status: 'failed', failureReason: 'Your card was declined' },
      { status: 'failed', failureReason: 'Your card was declined' },
    ]);
    expect((await ctx.sql`select status from escrow_transactions where id = ${s.transactionId}`)[0]!.status).toBe(
      'pending',
    );
    await payAndWait(ctx, s);
    expect(
      await ctx.sql`select status, paid_at is not null as paid from payment_schedules where transaction_id = ${s.transactionId}`,
    ).toEqual([
      { status: 'paid', paid: true },
      { status: 'paid', paid: true },
    ]);
    const page = await ctx.app.inject({
      url: `/api/escrow/transaction/${s.auctionId}`,
      headers: { cookie: s.buyer.cookie },
    });
    expect(page.json().milestones.find((m: { milestone: string }) => m.milestone === 'payment_received').status).toBe(
      'completed',
    );
  });

  it('refuses a webhook with a bad signature (400) and changes nothing', async () => {
    const s = await saleWithIntent();
    const before = await snapshot(ctx, s.transactionId);
    const forged = await deliverWebhook(
      ctx,
      succeeded('evt_forged', s.transactionId, s.intentId),
      'not-the-secret-at-all-000',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'The webhook signature does not match' });
    // A signature from long ago (a replay) and none at all are refused too.
    expect(
      (await deliverWebhook(ctx, succeeded('evt_old', s.transactionId, s.intentId), undefined, Date.now() - 3_600_000))
        .statusCode,
    ).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/escrow/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(succeeded('evt_unsigned', s.transactionId, s.intentId)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await snapshot(ctx, s.transactionId)).toEqual(before);
    expect(
      await ctx.sql`select event_id from payment_webhook_events where event_id in ('evt_forged', 'evt_old', 'evt_unsigned')`,
    ).toEqual([]);
  });

  it('applies the same event once, even when two deliveries race', async () => {
    const s = await saleWithIntent();
    const event = succeeded(`evt_${s.transactionId}`, s.transactionId, s.intentId);
    const [a, b] = await Promise.all([deliverWebhook(ctx, event), deliverWebhook(ctx, event)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().duplicate, b.json().duplicate].sort()).toEqual([false, true]);
    const third = await deliverWebhook(ctx, event);
    expect(third.json()).toEqual({ received: true, duplicate: true });
    expect((await ctx.sql`select status from escrow_transactions where id = ${s.transactionId}`)[0]!.status).toBe(
      'funded',
    );
    const funded = await ctx.sql`
      select 1 from outbox where type = 'escrow.updated' and payload->>'status' = 'funded' and (payload->>'transactionId')::int = ${s.transactionId}`;
    expect(funded).toHaveLength(2); // one notice to each party, once
    // A different event for the same payment finds it paid: nothing more changes.
    const again = await deliverWebhook(ctx, succeeded(`evt_${s.transactionId}_b`, s.transactionId, s.intentId));
    expect(again.json()).toEqual({ received: true, duplicate: false });
    expect(
      await ctx.sql`select 1 from outbox where type = 'escrow.updated' and payload->>'status' = 'funded' and (payload->>'transactionId')::int = ${s.transactionId}`,
    ).toHaveLength(2);
  });

  it('ignores a signed event for another intent or amount: only the real payment confirms', async () => {
    const s = await saleWithIntent();
    expect((await deliverWebhook(ctx, succeeded('evt_wrong_intent', s.transactionId, 'pi_other'))).statusCode).toBe(
      200,
    );
    expect(
      (await deliverWebhook(ctx, succeeded('evt_wrong_amount', s.transactionId, s.intentId, '1.00'))).statusCode,
    ).toBe(200);
    expect((await ctx.sql`select status from escrow_transactions where id = ${s.transactionId}`)[0]!.status).toBe(
      'pending',
    );
  });

  it('never lets the buyer, the seller or an admin mark payment received (403), nor a stranger pay', async () => {
    const s = await saleWithIntent();
    const before = await snapshot(ctx, s.transactionId);
    const asBuyer = await post(ctx, s.buyer.cookie, '/api/escrow/complete-milestone', {
      transactionId: s.transactionId,
      milestone: 'payment_received',
    });
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json()).toEqual({ error: 'Only the payment provider can mark payment received' });
    expect(
      (
        await post(ctx, s.seller.cookie, '/api/escrow/complete-milestone', {
          transactionId: s.transactionId,
          milestone: 'payment_received',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(ctx, s.seller.cookie, '/api/escrow/payments/sandbox/confirm', {
          transactionId: s.transactionId,
          cardNumber: '4242424242424242',
          expiry: '12/34',
          cvc: '123',
        })
      ).statusCode,
    ).toBe(403);
    const stranger = await createUserSession(ctx.app, ctx.sql);
    expect(
      (await post(ctx, stranger.cookie, '/api/escrow/payments/intent', { transactionId: s.transactionId })).statusCode,
    ).toBe(404);
    expect(await snapshot(ctx, s.transactionId)).toEqual(before);
    await waitForStatus(ctx, s.transactionId, 'pending');
  });
});

describe('a deposit first, then the balance', () => {
  const lines = (s: Sale) =>
    ctx.sql<{ paymentType: string; status: string; paymentId: string | null }[]>`
      select payment_type, status, payment_id from payment_schedules where transaction_id = ${s.transactionId} and payment_type <> 'refund' order by id`;
  const intent = (s: Sale, part?: 'all' | 'deposit') =>
    post(ctx, s.buyer.cookie, '/api/escrow/payments/intent', {
      transactionId: s.transactionId,
      ...(part ? { part } : {}),
    });
  const card = (s: Sale) =>
    post(ctx, s.buyer.cookie, '/api/escrow/payments/sandbox/confirm', {
      transactionId: s.transactionId,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
  const deadlines = () => runEscrowDeadlines({ sql: ctx.sql, events: ctx.app.events });

  async function depositPaid() {
    const s = await openSale(ctx);
    await acceptBoth(ctx, s);
    const started = await intent(s, 'deposit');
    expect(started.json()).toMatchObject({ amount: '5375.00' });
    expect((await card(s)).statusCode).toBe(202);
    await ctx.app.payments.drain();
    return { ...s, depositIntent: started.json().intentId as string };
  }

  it('a paid deposit leaves the escrow pending with the balance due, and no deadline cancels it; the balance funds it', async () => {
    const s = await depositPaid();
    expect(await escrowStatus(ctx, s.transactionId)).toBe('pending');
    expect(await lines(s)).toEqual([
      { paymentType: 'deposit', status: 'paid', paymentId: s.depositIntent },
      { paymentType: 'balance', status: 'pending', paymentId: null },
    ]);
    const [row] = await ctx.sql`select payment_due_at from escrow_transactions where id = ${s.transactionId}`;
    expect(row!.paymentDueAt).toBeNull();
    const told = await ctx.sql<
      { text: string }[]
    >`select text from escrow_notices where transaction_id = ${s.transactionId} and actor = 'payment_provider'`;
    // Both parties are told, in the same words.
    const depositText = expect.stringMatching(
      /^The payment provider confirmed the deposit; the balance of \$48,375 is due by \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
    expect(told.map((n) => n.text)).toEqual([depositText, depositText]);
    // Past the balance's date too, the deadline job leaves a sale with money paid on it alone.
    await ctx.sql`update payment_schedules set due_date = now() - interval '1 minute' where transaction_id = ${s.transactionId}`;
    expect(await deadlines()).toEqual({ cancelled: 0, completed: 0 });
    expect(await escrowStatus(ctx, s.transactionId)).toBe('pending');

    expect((await intent(s, 'deposit')).statusCode).toBe(409);
    const balance = await intent(s);
    expect(balance.json()).toMatchObject({ amount: '48375.00' });
    expect(balance.json().intentId).not.toBe(s.depositIntent);
    expect((await card(s)).statusCode).toBe(202);
    await waitForStatus(ctx, s.transactionId, 'funded');
    expect((await lines(s)).map((l) => [l.paymentType, l.status, l.paymentId])).toEqual([
      ['deposit', 'paid', s.depositIntent],
      ['balance', 'paid', balance.json().intentId],
    ]);
  });

  it('an unpaid deposit is cancelled at its deadline, with every line of the schedule', async () => {
    const s = await openSale(ctx);
    await acceptBoth(ctx, s);
    expect((await intent(s, 'deposit')).statusCode).toBe(200);
    await ctx.sql`update escrow_transactions set payment_due_at = now() - interval '1 minute' where id = ${s.transactionId}`;
    expect(await deadlines()).toMatchObject({ cancelled: 1 });
    expect(await escrowStatus(ctx, s.transactionId)).toBe('cancelled');
    expect((await lines(s)).map((l) => l.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('two payments of different parts started at once: one intent is made, the other is refused and changes nothing', async () => {
    const s = await openSale(ctx);
    await acceptBoth(ctx, s);
    const answers = await Promise.all([intent(s, 'deposit'), intent(s, 'all')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json();
    const held = (await lines(s)).filter((l) => l.paymentId === won.intentId).map((l) => l.paymentType);
    expect(held).toEqual(won.amount === '5375.00' ? ['deposit'] : ['deposit', 'balance']);
    expect((await lines(s)).every((l) => l.paymentId === null || l.paymentId === won.intentId)).toBe(true);
    // The same part twice at once is one payment: both get the same intent.
    const t = await openSale(ctx);
    await acceptBoth(ctx, t);
    const same = await Promise.all([intent(t, 'deposit'), intent(t, 'deposit')]);
    expect(same.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(same[0]!.json().intentId).toBe(same[1]!.json().intentId);
  });

  it('a payment started before lines named their intent is still settled by its confirmation (migration 0071)', async () => {
    const s = await saleWithIntent();
    // As such a payment was stored: the intent on the escrow row only, the legacy single line.
    await ctx.sql`delete from payment_schedules where transaction_id = ${s.transactionId} and payment_type = 'balance'`;
    await ctx.sql`update payment_schedules set payment_type = 'full', amount = 53750.00, payment_id = null where transaction_id = ${s.transactionId}`;
    await ctx.sql.unsafe(
      await readFile(new URL('../../infra/migrations/0071_payment_lines_intent.sql', import.meta.url), 'utf8'),
    );
    expect(await lines(s)).toEqual([{ paymentType: 'full', status: 'pending', paymentId: s.intentId }]);
    expect(
      (await deliverWebhook(ctx, succeeded(`evt_legacy_${s.transactionId}`, s.transactionId, s.intentId))).statusCode,
    ).toBe(200);
    expect(await escrowStatus(ctx, s.transactionId)).toBe('funded');
  });

  it('two confirmations of the deposit racing (two event ids) settle it once and tell each party once', async () => {
    const s = await openSale(ctx);
    await acceptBoth(ctx, s);
    const deposit = (await intent(s, 'deposit')).json();
    const event = (id: string, intentId: string, amount: string) => ({
      id,
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { intentId, transactionId: s.transactionId, amount, failureReason: null },
    });
    await Promise.all([
      deliverWebhook(ctx, event('evt_dep_a', deposit.intentId, '5375.00')),
      deliverWebhook(ctx, event('evt_dep_b', deposit.intentId, '5375.00')),
    ]);
    expect((await lines(s)).map((l) => l.status)).toEqual(['paid', 'pending']);
    expect(
      await ctx.sql`select 1 from escrow_notices where transaction_id = ${s.transactionId} and text like 'The payment provider confirmed the deposit%'`,
    ).toHaveLength(2);
  });

  it('a full refund goes back through both payments, each for what it brought in', async () => {
    const s = await depositPaid();
    const balance = (await intent(s)).json();
    await card(s);
    await waitForStatus(ctx, s.transactionId, 'funded');
    expect(
      (
        await post(ctx, s.buyer.cookie, '/api/escrow/initiate-dispute', {
          transactionId: s.transactionId,
          disputeType: 'condition',
          description: 'Not the car in the photos',
        })
      ).statusCode,
    ).toBe(201);
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const mediate = (body: object) => post(ctx, admin.cookie, `/api/admin/escrows/${s.transactionId}/dispute`, body);
    expect((await mediate({ action: 'review' })).statusCode).toBe(200);
    const settled = await mediate({ action: 'resolve', outcome: 'refund', decision: 'The car is not as described' });
    expect(settled.json()).toMatchObject({ status: 'refunded' });
    const refunds = await ctx.sql<{ amount: string; paymentId: string; status: string }[]>`
      select amount, payment_id, status from payment_schedules where transaction_id = ${s.transactionId} and payment_type = 'refund' order by amount`;
    expect(refunds).toEqual([
      { amount: '5375.00', paymentId: s.depositIntent, status: 'paid' },
      { amount: '48375.00', paymentId: balance.intentId, status: 'paid' },
    ]);
  });
});
