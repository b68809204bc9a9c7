import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insuranceQuote } from '@app/shared';
import { startTestApp, type TestContext } from './support/test-app.js';
import { acceptBoth, openSale, payWithCard, post, snapshot, waitForStatus } from './support/escrow-sale.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

describe('transit insurance', () => {
  it('prices 1% of the sale with a $150 minimum', () => {
    expect(insuranceQuote(50_000_00)).toEqual({ coverageCents: 50_000_00, premiumCents: 500_00 });
    expect(insuranceQuote(9_000_00)).toEqual({ coverageCents: 9_000_00, premiumCents: 150_00 });
  });

  it('the buyer adds it before paying; the premium is paid with the rest and the webhook confirms the whole amount', async () => {
    const s = await openSale(ctx);
    await acceptBoth(ctx, s);
    const before = await snapshot(ctx, s.transactionId);
    expect(
      (await post(ctx, s.seller.cookie, '/api/escrow/insurance', { transactionId: s.transactionId })).statusCode,
    ).toBe(403);
    expect(await snapshot(ctx, s.transactionId)).toEqual(before);
    const added = await post(ctx, s.buyer.cookie, '/api/escrow/insurance', { transactionId: s.transactionId });
    expect(added.statusCode).toBe(201);
    expect(
      (await post(ctx, s.buyer.cookie, '/api/escrow/insurance', { transactionId: s.transactionId })).statusCode,
    ).toBe(409);
    const t = (
      await ctx.app.inject({ url: `/api/escrow/transaction/${s.auctionId}`, headers: { cookie: s.seller.cookie } })
    ).json();
    expect(t.insurance).toMatchObject({
      policyNumber: added.json().policyNumber,
      coverageAmount: '50000.00',
      premium: '500.00',
      coverageType: 'transit',
      status: 'active',
    });
    expect(t.payment.schedule.map((l: { paymentType: string; amount: string }) => [l.paymentType, l.amount])).toEqual([
      ['deposit', '5375.00'],
      ['balance', '48375.00'],
      ['fee', '500.00'],
    ]);
    const intent = await post(ctx, s.buyer.cookie, '/api/escrow/payments/intent', { transactionId: s.transactionId });
    expect(intent.json().amount).toBe('54250.00');
    expect((await payWithCard(ctx, s)).statusCode).toBe(202);
    await waitForStatus(ctx, s.transactionId, 'funded');
    expect(
      await ctx.sql`select payment_type, status from payment_schedules where transaction_id = ${s.transactionId} order by id`,
    ).toEqual([
      { paymentType: 'deposit', status: 'paid' },
      { paymentType: 'balance', status: 'paid' },
      { paymentType: 'fee', status: 'paid' },
    ]);
  });

  it('is refused once the payment has started, and changes nothing', async () => {
    const s = await openSale(ctx);
    await acceptBoth(ctx, s);
    await post(ctx, s.buyer.cookie, '/api/escrow/payments/intent', { transactionId: s.transactionId });
    const before = await snapshot(ctx, s.transactionId);
    const late = await post(ctx, s.buyer.cookie, '/api/escrow/insurance', { transactionId: s.transactionId });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'Transit insurance is added before the payment starts' });
    expect(await snapshot(ctx, s.transactionId)).toEqual(before);
  });
});
