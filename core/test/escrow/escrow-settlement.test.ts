// How an escrow ends and follows the car, on real Postgres: a dispute on a sale paid only in part ends and settles it
// (never "completed" with a balance owed), a payment racing the mediator's decision leaves the money consistent either
// way, the delivery (the buyer's or the carrier's) starts the inspection once, and the terms accepted are versioned.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FEE_SCHEDULE,
  PaymentWebhookEventSchema,
  escrowTerms,
  saleFees,
  toCents,
  type PaymentWebhookEvent,
} from '@app/shared';
import { DomainError } from '../../src/errors.js';
import { receiveCarrierEvent } from '../../src/escrow/carrier-tracking.js';
import { initiateDispute, resolveDispute } from '../../src/escrow/escrow-disputes.js';
import { payWithSandboxCard, startPayment } from '../../src/escrow/escrow-payments.js';
import { updateShipping } from '../../src/escrow/escrow-shipping.js';
import { acceptTerms, completeMilestone } from '../../src/escrow/escrow-steps.js';
import { SandboxPaymentProvider } from '../../src/escrow/payment-provider.js';
import { receivePaymentEvent } from '../../src/escrow/payment-webhook.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { closedSale } from '../../test-support/sales.js';
import { createAdmin } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();
/** The provider's signed events, held here so each test delivers them when it wants (and races them). */
const outbox: PaymentWebhookEvent[] = [];
let payments: SandboxPaymentProvider;
let admin: number;
beforeAll(async () => {
  payments = new SandboxPaymentProvider(
    'whsec-settlement-test',
    async (body) => void outbox.push(PaymentWebhookEventSchema.parse(JSON.parse(body))),
    () => {},
    0,
  );
  admin = (await createAdmin(ctx.sql)).id;
});

const PRICE_CENTS = 2_000_000;
const TOTAL_CENTS = saleFees(PRICE_CENTS, FEE_SCHEDULE).buyerTotalCents;

async function sale() {
  const s = await closedSale(ctx);
  await acceptTerms(ctx, s.transactionId, 'buyer', s.buyer);
  await acceptTerms(ctx, s.transactionId, 'seller', s.seller);
  return s;
}
type Sale = Awaited<ReturnType<typeof sale>>;

/** One card payment of `part`; its confirmation is returned undelivered. */
async function charge(s: Sale, part: 'all' | 'deposit'): Promise<PaymentWebhookEvent> {
  const deps = { ...ctx, payments };
  await startPayment(deps, { transactionId: s.transactionId, part }, s.buyer);
  await payWithSandboxCard(deps, { transactionId: s.transactionId, cardNumber: '4242424242424242' }, s.buyer);
  await payments.drain();
  return outbox.pop()!;
}

const deliver = (event: PaymentWebhookEvent) => receivePaymentEvent({ ...ctx, payments }, event);

async function depositPaid() {
  const s = await sale();
  expect(await deliver(await charge(s, 'deposit'))).toBe('applied');
  return s;
}

const escrow = async (id: number) =>
  (
    await ctx.sql<{ status: string; inspectionPeriodEnds: Date | null; deliveredAt: Date | null }[]>`
      select status, inspection_period_ends, delivered_at from escrow_transactions where id = ${id}`
  )[0]!;

const lines = (id: number) =>
  ctx.sql<{ paymentType: string; amount: string; status: string }[]>`
    select payment_type, amount, status from payment_schedules where transaction_id = ${id} order by id`;

const milestone = async (id: number, name: string) =>
  (
    await ctx.sql<{ status: string }[]>`
      select status from transaction_milestones where transaction_id = ${id} and milestone = ${name}`
  )[0]!.status;

const cents = (ls: { amount: string }[]) => ls.reduce((t, l) => t + toCents(l.amount), 0);

async function dispute(s: Sale) {
  await initiateDispute(
    ctx,
    { transactionId: s.transactionId, disputeType: 'payment', description: 'The balance is late' },
    s.seller,
  );
}

const partialRefund = (s: Sale, refundCents: number) =>
  resolveDispute(
    { ...ctx, payments },
    { transactionId: s.transactionId, outcome: 'partial_refund', refundCents, decision: 'Split the deposit' },
    admin,
  );

describe('a dispute on a sale paid only in part', () => {
  it('a partial refund cancels the sale and settles the deposit: nothing owed, nothing "released" as a completed sale', async () => {
    const s = await depositPaid();
    await dispute(s);
    expect((await partialRefund(s, 100_000)).status).toBe('cancelled');
    expect((await escrow(s.transactionId)).status).toBe('cancelled');
    const ls = await lines(s.transactionId);
    const deposit = ls.find((l) => l.paymentType === 'deposit')!;
    expect(deposit.status).toBe('paid');
    expect(ls.find((l) => l.paymentType === 'balance')!.status).toBe('cancelled');
    expect(ls.filter((l) => l.status === 'pending' || l.status === 'failed')).toEqual([]);
    expect(ls.filter((l) => l.paymentType === 'refund')).toEqual([
      { paymentType: 'refund', amount: '1000.00', status: 'paid' },
    ]);
    expect(await milestone(s.transactionId, 'funds_released')).toBe('pending');
    const [notice] = await ctx.sql<{ text: string }[]>`
      select text from escrow_notices where transaction_id = ${s.transactionId} and user_id = ${s.buyer.id} order by id desc limit 1`;
    expect(notice!.text).toMatch(/the sale is cancelled; the buyer is partly refunded.*nothing more is owed$/);
  });

  it('a release gives the seller the deposit and ends the sale; a refund gives it back and ends it', async () => {
    const released = await depositPaid();
    await dispute(released);
    const r = await resolveDispute(
      { ...ctx, payments },
      { transactionId: released.transactionId, outcome: 'release', decision: 'The buyer walked away' },
      admin,
    );
    expect(r.status).toBe('cancelled');
    expect((await lines(released.transactionId)).filter((l) => l.paymentType === 'refund')).toEqual([]);

    const refunded = await depositPaid();
    await dispute(refunded);
    const back = await resolveDispute(
      { ...ctx, payments },
      { transactionId: refunded.transactionId, outcome: 'refund', decision: 'The car was not as described' },
      admin,
    );
    expect(back.status).toBe('refunded');
    const ls = await lines(refunded.transactionId);
    expect(cents(ls.filter((l) => l.paymentType === 'refund'))).toBe(
      cents(ls.filter((l) => l.paymentType === 'deposit')),
    );
    expect(ls.find((l) => l.paymentType === 'balance')!.status).toBe('cancelled');
  });

  it('the mediator racing the balance payment leaves the money consistent whichever lands first', async () => {
    const orders = new Set<string>();
    for (let run = 0; run < 6; run++) {
      const s = await depositPaid();
      const balance = await charge(s, 'all');
      await dispute(s);
      const [resolved, paid] = await Promise.all([partialRefund(s, 100_000), deliver(balance)]);
      const ls = await lines(s.transactionId);
      const refunds = cents(ls.filter((l) => l.paymentType === 'refund' && l.status === 'paid'));
      const taken = cents(ls.filter((l) => l.paymentType !== 'refund' && l.status === 'paid'));
      // Never a line still owed, whatever the order.
      expect(ls.filter((l) => l.status === 'pending' || l.status === 'failed')).toEqual([]);
      expect(paid).toBe('applied');
      if (resolved.status === 'completed') {
        // The balance landed first: a sale paid in full, completed with the partial refund.
        orders.add('payment first');
        expect(taken).toBe(TOTAL_CENTS);
        expect(refunds).toBe(100_000);
        expect(await milestone(s.transactionId, 'funds_released')).toBe('completed');
      } else {
        // The decision came first: the sale ended, and the balance that arrived after it went straight back.
        orders.add('decision first');
        expect(resolved.status).toBe('cancelled');
        expect(taken).toBe(TOTAL_CENTS);
        expect(refunds).toBe(100_000 + cents(ls.filter((l) => l.paymentType === 'balance')));
        expect(await milestone(s.transactionId, 'funds_released')).toBe('pending');
      }
      expect((await escrow(s.transactionId)).status).toBe(resolved.status);
    }
    expect(orders.size).toBeGreaterThan(0);
  });
});

describe('delivery', () => {
  async function shipped() {
    const s = await sale();
    expect(await deliver(await charge(s, 'all'))).toBe('applied');
    await updateShipping(
      ctx,
      {
        transactionId: s.transactionId,
        shippingMethod: 'carrier',
        carrier: 'Sandbox Freight',
        trackingNumber: 'SBX123',
      },
      s.seller,
    );
    return s;
  }
  const carrierEvent = (s: Sale, trackingNumber = 'SBX123', id = `trk_${s.transactionId}_${trackingNumber}`) =>
    receiveCarrierEvent(ctx, {
      id,
      type: 'shipment.delivered',
      data: { transactionId: s.transactionId, trackingNumber },
    });

  it("starts the inspection once when the buyer's confirmation races the carrier's tracking", async () => {
    const s = await shipped();
    expect((await escrow(s.transactionId)).status).toBe('funded');
    expect(await carrierEvent(s, 'OTHER1')).toBe('ignored');
    const [buyer, carrier] = await Promise.all([
      completeMilestone(
        ctx,
        { transactionId: s.transactionId, milestone: 'delivered' },
        {
          kind: 'user',
          userId: s.buyer.id,
        },
      ),
      carrierEvent(s),
    ]);
    expect([buyer.changed, carrier === 'applied'].filter(Boolean)).toHaveLength(1);
    const e = await escrow(s.transactionId);
    expect(e.status).toBe('in_inspection');
    expect(e.inspectionPeriodEnds!.getTime() - e.deliveredAt!.getTime()).toBe(7 * 24 * 3600 * 1000);
    const [told] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from escrow_notices
      where transaction_id = ${s.transactionId} and user_id = ${s.seller.id} and text like '%confirmed the delivery%'`;
    expect(told!.n).toBe(1);
    expect(await carrierEvent(s)).toBe('duplicate');
  });

  it('refuses the delivery from the seller, and before the sale is paid in full', async () => {
    const s = await shipped();
    const seller = await completeMilestone(
      ctx,
      { transactionId: s.transactionId, milestone: 'delivered' },
      {
        kind: 'user',
        userId: s.seller.id,
      },
    ).catch((e: unknown) => e);
    expect(seller).toBeInstanceOf(DomainError);
    expect((seller as DomainError).status).toBe(403);
    const unpaid = await depositPaid();
    const early = await completeMilestone(
      ctx,
      { transactionId: unpaid.transactionId, milestone: 'delivered' },
      {
        kind: 'user',
        userId: unpaid.buyer.id,
      },
    ).catch((e: unknown) => e);
    expect((early as DomainError).status).toBe(409);
  });
});

describe('terms', () => {
  it('records the version each party accepted and refuses a version no longer current', async () => {
    const { seller, buyer, transactionId } = await closedSale(ctx);
    const current = escrowTerms(FEE_SCHEDULE).version;
    const stale = await acceptTerms(ctx, transactionId!, 'buyer', buyer, '00000000').catch((e: unknown) => e);
    expect((stale as DomainError).status).toBe(409);
    expect((stale as DomainError).message).toContain(`version ${current}`);
    await acceptTerms(ctx, transactionId!, 'buyer', buyer, current);
    await acceptTerms(ctx, transactionId!, 'seller', seller);
    const [row] = await ctx.sql<
      { buyerTermsVersion: string; sellerTermsVersion: string; buyerTermsAccepted: boolean }[]
    >`
      select buyer_terms_version, seller_terms_version, buyer_terms_accepted from escrow_transactions where id = ${transactionId!}`;
    expect(row).toEqual({ buyerTermsVersion: current, sellerTermsVersion: current, buyerTermsAccepted: true });
  });
});
