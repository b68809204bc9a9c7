// Verified bidders on the real API, Postgres and the sandbox provider: the card rule, holds placed, raised, released
// and captured exactly once per transition whatever order and how often the webhooks arrive, a declined hold that
// stores nothing, and one member's concurrent bids making one hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_REQUIRED_MESSAGE } from '@app/shared';
import { closeAuction } from '@app/core/auctions';
import { SandboxPaymentProvider, signWebhook, type PaymentProvider } from '@app/core/escrow';
import { placeVerifiedBid, settleHolds } from '@app/core/payments';
import {
  createAdminSession,
  createAuction,
  createUserSession,
  jsonHeaders,
  startTestApp,
  type TestContext,
} from './support/test-app.js';
import { saveTestCard } from '../../core/test-support/fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const bid = (cookie: string, auctionId: number, amount: number) =>
  ctx.app.inject({ method: 'POST', url: '/api/bids', headers: jsonHeaders(cookie), payload: { auctionId, amount } });

const holdsOf = (auctionId: number, userId: number) =>
  ctx.sql<{ holdId: string; amount: string; status: string; capturedAmount: string | null }[]>`
    select hold_id, amount, status, captured_amount from bid_holds where auction_id = ${auctionId} and user_id = ${userId} order by id`;

const transitionsOf = (holdId: string) =>
  ctx.sql<{ kind: string; amount: string }[]>`
    select kind, amount from bid_hold_transitions where hold_id = ${holdId} order by recorded_at, kind`;

function deliver(body: string, secret = ctx.config.PAYMENT_WEBHOOK_SECRET) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/escrow/payments/webhook',
    headers: { 'content-type': 'application/json', 'payment-signature': signWebhook(secret, body, Date.now()) },
    payload: body,
  });
}

/** The sandbox with its deliveries kept instead of sent, so the test delivers them: replayed, reversed. */
function recordingProvider(): { payments: PaymentProvider; deliveries: string[] } {
  const deliveries: string[] = [];
  const payments = new SandboxPaymentProvider(
    ctx.config.PAYMENT_WEBHOOK_SECRET,
    async (body) => {
      deliveries.push(body);
    },
    undefined,
    0,
  );
  return { payments, deliveries };
}

/** The sandbox's webhook comes back through the whole HTTP stack after a delay: seconds on a busy machine. */
async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 15_000;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the card rule', () => {
  it('refuses a bid without a card with a clear 403 and stores nothing; an admin’s exemption lets a dealer bid', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const member = await createUserSession(ctx.app, ctx.sql, { card: false });
    const refused = await bid(member.cookie, auctionId, 10000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(CARD_REQUIRED_MESSAGE);
    expect(await ctx.sql`select 1 from bids where auction_id = ${auctionId}`).toHaveLength(0);

    const admin = await createAdminSession(ctx.app, ctx.sql);
    const exempt = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${member.id}/bid-exemption`,
      headers: jsonHeaders(admin.cookie),
      payload: { exempt: true },
    });
    expect(exempt.json()).toEqual({ userId: member.id, exempt: true });
    expect((await bid(member.cookie, auctionId, 10000)).statusCode).toBe(201);
    expect(await holdsOf(auctionId, member.id)).toHaveLength(0);
  });

  it('saves a card through a setup intent: the declining test card is 402, the good one is verified by the webhook', async () => {
    const member = await createUserSession(ctx.app, ctx.sql, { card: false });
    const setup = async (cardNumber: string) => {
      const intent = await ctx.app.inject({
        method: 'POST',
        url: '/api/payment-card/setup-intent',
        headers: jsonHeaders(member.cookie),
      });
      expect(intent.statusCode).toBe(201);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/payment-card/sandbox-card',
        headers: jsonHeaders(member.cookie),
        payload: { setupIntentId: intent.json().setupIntentId, cardNumber, expiry: '12/34', cvc: '123' },
      });
    };
    const card = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/payment-card', headers: jsonHeaders(member.cookie) })).json();
    const declined = await setup('4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('Your card was declined');
    await waitFor(card, (c) => c.card?.status === 'failed', 'the failure recorded');

    expect((await setup('4242 4242 4242 4242')).statusCode).toBe(202);
    const saved = await waitFor(card, (c) => c.card?.status === 'verified', 'the card verified');
    expect(saved.card).toMatchObject({ brand: 'visa', last4: '4242' });

    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    expect((await bid(member.cookie, auctionId, 10000)).statusCode).toBe(201);
    expect((await card()).holds).toEqual([
      expect.objectContaining({ auctionId, amount: '500.00', status: 'placed', capturedAmount: null }),
    ]);
  });
});

describe('holds', () => {
  it('a declined hold refuses the bid with 402 and leaves no bid, no hold and no change', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const member = await createUserSession(ctx.app, ctx.sql);
    await saveTestCard(ctx.sql, member.id, '0341');
    const before = await ctx.sql`select current_bid, bid_count, end_time from auctions where id = ${auctionId}`;
    const res = await bid(member.cookie, auctionId, 10000);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe('Your card declined the hold for the buyer’s premium. Your bid was not placed.');
    expect(await ctx.sql`select 1 from bids where auction_id = ${auctionId}`).toHaveLength(0);
    expect(await ctx.sql`select 1 from max_bids where auction_id = ${auctionId}`).toHaveLength(0);
    expect(await holdsOf(auctionId, member.id)).toHaveLength(0);
    expect(await ctx.sql`select 1 from bid_hold_claims where auction_id = ${auctionId}`).toHaveLength(0);
    expect(await ctx.sql`select current_bid, bid_count, end_time from auctions where id = ${auctionId}`).toEqual(
      before,
    );
  });

  it('is placed, raised, released and captured exactly once each, with the webhooks replayed and in reverse order', async () => {
    const { payments, deliveries } = recordingProvider();
    const deps = { sql: ctx.sql, payments, bids: ctx.app.bids };
    const seller = await createUserSession(ctx.app, ctx.sql);
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00', ownerId: seller.id });
    const [a, b] = [await createUserSession(ctx.app, ctx.sql), await createUserSession(ctx.app, ctx.sql)];
    const place = (u: typeof a, amountCents: number) =>
      placeVerifiedBid(deps, { auctionId, bidder: { ...u, isPremium: false }, amountCents });

    await place(a, 10_000_00);
    await place(b, 11_000_00);
    await place(a, 20_000_00);
    // B is outbid for good (no maximum): released; A still leads: kept.
    expect(await settleHolds(deps)).toMatchObject({ released: 1, captured: 0 });
    await ctx.sql`update auctions set end_time = now() - interval '1 second' where id = ${auctionId}`;
    expect(await closeAuction({ sql: ctx.sql, events: ctx.app.events }, auctionId)).toMatchObject({
      outcome: 'sold',
      winnerId: a.id,
    });
    expect(await settleHolds(deps)).toMatchObject({ released: 0, captured: 1 });
    await payments.drain();

    const [holdA] = await holdsOf(auctionId, a.id);
    const [holdB] = await holdsOf(auctionId, b.id);
    expect(holdA).toMatchObject({ amount: '1000.00', status: 'captured', capturedAmount: '1000.00' });
    expect(holdB).toMatchObject({ amount: '550.00', status: 'released', capturedAmount: null });
    const expected = {
      a: [
        { kind: 'placed', amount: '500.00' },
        { kind: 'raised', amount: '1000.00' },
        { kind: 'captured', amount: '1000.00' },
      ],
      b: [
        { kind: 'placed', amount: '550.00' },
        { kind: 'released', amount: '550.00' },
      ],
    };
    expect(await transitionsOf(holdA!.holdId)).toEqual(expected.a);
    expect(await transitionsOf(holdB!.holdId)).toEqual(expected.b);
    const escrowLines = () => ctx.sql<{ paymentType: string; amount: string; status: string }[]>`
      select s.payment_type, s.amount, s.status from payment_schedules s
      join escrow_transactions t on t.id = s.transaction_id where t.auction_id = ${auctionId} order by s.id`;
    // The buyer owes $21,500 (price, 5% premium, 2.5% escrow fee): the captured premium is paid off the deposit.
    const lines = [
      { paymentType: 'deposit', amount: '1150.00', status: 'pending' },
      { paymentType: 'balance', amount: '19350.00', status: 'pending' },
      { paymentType: 'fee', amount: '1000.00', status: 'paid' },
    ];
    expect(await escrowLines()).toEqual(lines);

    // Every webhook the provider sent, delivered newest first, then all again: nothing moves twice.
    expect(deliveries.map((d) => JSON.parse(d).type).sort()).toEqual(
      ['hold.captured', 'hold.placed', 'hold.placed', 'hold.raised', 'hold.released'].sort(),
    );
    for (const body of [...deliveries].reverse()) {
      const res = await deliver(body);
      expect(res.json()).toEqual({ received: true, duplicate: false });
    }
    for (const body of deliveries) expect((await deliver(body)).json()).toEqual({ received: true, duplicate: true });
    expect(await holdsOf(auctionId, a.id)).toEqual([holdA]);
    expect(await holdsOf(auctionId, b.id)).toEqual([holdB]);
    expect(await transitionsOf(holdA!.holdId)).toEqual(expected.a);
    expect(await transitionsOf(holdB!.holdId)).toEqual(expected.b);
    expect(await escrowLines()).toEqual(lines);
  });

  it('learns transitions from webhooks alone, out of order: a raise arriving after the release is recorded, not applied', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const member = await createUserSession(ctx.app, ctx.sql);
    expect((await bid(member.cookie, auctionId, 10000)).statusCode).toBe(201);
    const [hold] = await holdsOf(auctionId, member.id);
    const event = (id: string, type: string, amount: string) =>
      JSON.stringify({ id, type, created: Math.floor(Date.now() / 1000), data: { holdId: hold!.holdId, amount } });
    const released = event(`evt_test_rel_${hold!.holdId}`, 'hold.released', '500.00');
    const raised = event(`evt_test_raise_${hold!.holdId}`, 'hold.raised', '800.00');
    for (const body of [released, raised, released, raised]) expect((await deliver(body)).statusCode).toBe(200);
    expect(await holdsOf(auctionId, member.id)).toEqual([
      expect.objectContaining({ status: 'released', amount: '500.00' }),
    ]);
    expect((await transitionsOf(hold!.holdId)).map((t) => `${t.kind} ${t.amount}`).sort()).toEqual([
      'placed 500.00',
      'raised 800.00',
      'released 500.00',
    ]);
    // A forged delivery is refused before anything is read.
    expect((await deliver(event('evt_forged', 'hold.captured', '500.00'), 'not-the-secret-at-all')).statusCode).toBe(
      400,
    );
  });

  it('two bids by one member at once make one hold, raised to the higher bid', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const member = await createUserSession(ctx.app, ctx.sql);
    const payments = ctx.app.payments;
    let placeCalls = 0;
    const placeHold = payments.placeHold.bind(payments);
    payments.placeHold = (input) => {
      placeCalls += 1;
      return placeHold(input);
    };
    try {
      const [low, high] = await Promise.all([
        bid(member.cookie, auctionId, 10000),
        bid(member.cookie, auctionId, 12000),
      ]);
      // Whichever went first: the higher bid stands; the lower one stands too only if it came first.
      expect(high.statusCode).toBe(201);
      if (low.statusCode !== 201) expect(low.json().error).toMatch(/^Bid must be at least/);
    } finally {
      payments.placeHold = placeHold;
    }
    expect(placeCalls).toBe(1);
    const holds = await holdsOf(auctionId, member.id);
    expect(holds).toEqual([expect.objectContaining({ status: 'placed', amount: '600.00' })]);
    expect((await transitionsOf(holds[0]!.holdId)).filter((t) => t.kind === 'placed')).toHaveLength(1);
  });
});
