import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEscrowDeadlines } from '@app/core/escrow';
import { EscrowTransactionSchema, streams } from '@app/shared';
import {
  createAdminSession,
  createAuction,
  createUserSession,
  jsonHeaders,
  startTestApp,
  type TestContext,
} from './support/test-app.js';
import { payAndWait, uploadDocument } from './support/escrow-sale.js';

let ctx: TestContext;
let admin: { cookie: string };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await createAdminSession(ctx.app, ctx.sql);
});
afterAll(async () => ctx?.close());

async function sale() {
  const seller = await createUserSession(ctx.app, ctx.sql);
  const buyer = await createUserSession(ctx.app, ctx.sql);
  const auctionId = await createAuction(ctx.sql, { buyItNowPrice: '50000.00', ownerId: seller.id });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/auctions/${auctionId}/buy-now`,
    headers: jsonHeaders(buyer.cookie),
    payload: {},
  });
  expect(res.statusCode).toBe(201);
  return { seller, buyer, auctionId, transactionId: res.json().transactionId as number };
}

const post = (cookie: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload });
const milestone = (cookie: string, transactionId: number, m: string) =>
  post(cookie, '/api/escrow/complete-milestone', { transactionId, milestone: m });
const adminAction = (transactionId: number, action: string) =>
  post(admin.cookie, `/api/admin/escrows/${transactionId}/actions`, { action });
const acceptBoth = async (s: Awaited<ReturnType<typeof sale>>) => {
  expect(
    (await post(s.buyer.cookie, '/api/escrow/accept-terms', { transactionId: s.transactionId, userRole: 'buyer' }))
      .statusCode,
  ).toBe(200);
  expect(
    (await post(s.seller.cookie, '/api/escrow/accept-terms', { transactionId: s.transactionId, userRole: 'seller' }))
      .statusCode,
  ).toBe(200);
};

/** Everything a step could change: the escrow row and its milestones. */
const snapshot = async (id: number) => ({
  row: (await ctx.sql`select * from escrow_transactions where id = ${id}`)[0],
  milestones:
    await ctx.sql`select milestone, status, completed_at from transaction_milestones where transaction_id = ${id} order by id`,
});

describe('escrow', () => {
  it('shows the transaction to its buyer and seller only, with the fee schedule, milestones and the required documents', async () => {
    const s = await sale();
    const asBuyer = await ctx.app.inject({
      url: `/api/escrow/transaction/${s.auctionId}`,
      headers: { cookie: s.buyer.cookie },
    });
    expect(asBuyer.statusCode).toBe(200);
    const t = EscrowTransactionSchema.parse(asBuyer.json());
    expect(t.role).toBe('buyer');
    expect(t.fees).toEqual({
      buyerFee: '1250.00',
      sellerFee: '750.00',
      paymentProcessingFee: '2500.00',
      sellersCommission: '1500.00',
      buyerTotal: '53750.00',
      sellerProceeds: '47750.00',
      schedule: { buyersPremiumBps: 500, buyerEscrowFeeBps: 250, sellersCommissionBps: 300, sellerEscrowFeeBps: 150 },
    });
    expect(t.nextActions).toEqual(['accept_terms', 'open_dispute']);
    expect(t.milestones.map((m) => [m.milestone, m.status])[0]).toEqual(['escrow_created', 'completed']);
    expect(t.documents.map((d) => d.documentType)).toEqual(['title', 'bill_of_sale', 'inspection_report']);
    const asSeller = await ctx.app.inject({
      url: `/api/escrow/transaction/${s.auctionId}`,
      headers: { cookie: s.seller.cookie },
    });
    expect(asSeller.json().role).toBe('seller');
    const stranger = await createUserSession(ctx.app, ctx.sql);
    const other = await ctx.app.inject({
      url: `/api/escrow/transaction/${s.auctionId}`,
      headers: { cookie: stranger.cookie },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'No escrow transaction found for this auction.' });
  });

  it('a buyer marking their own payment received is refused with 403 and changes nothing', async () => {
    const s = await sale();
    await acceptBoth(s);
    const before = await snapshot(s.transactionId);
    const res = await milestone(s.buyer.cookie, s.transactionId, 'payment_received');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Only the payment provider can mark payment received' });
    expect(await snapshot(s.transactionId)).toEqual(before);
  });

  it('walks a sale to funds released: terms, payment, documents, delivery, inspection; each step once, and only by its actor', async () => {
    const s = await sale();
    // An admin cannot mark a payment received: only the provider's webhook does.
    expect((await adminAction(s.transactionId, 'confirm_payment')).statusCode).toBe(400);
    await acceptBoth(s);
    await payAndWait(ctx, s);

    // The seller cannot verify their own documents; the buyer cannot confirm an inspection before they are verified.
    expect((await milestone(s.seller.cookie, s.transactionId, 'documents_verified')).statusCode).toBe(403);
    const early = await milestone(s.buyer.cookie, s.transactionId, 'inspection_completed');
    expect(early.statusCode).toBe(409);
    // Not before the required set is verified.
    expect((await adminAction(s.transactionId, 'verify_documents')).statusCode).toBe(409);
    for (const type of ['title', 'bill_of_sale', 'inspection_report']) {
      expect((await uploadDocument(ctx, s.seller.cookie, s.transactionId, type)).statusCode).toBe(201);
    }
    await ctx.sql`update transaction_documents set verification_status = 'verified' where transaction_id = ${s.transactionId}`;
    // Two admins racing: one changes the escrow, the other finds it done.
    const [a, b] = await Promise.all([
      adminAction(s.transactionId, 'verify_documents'),
      adminAction(s.transactionId, 'verify_documents'),
    ]);
    expect([a.json(), b.json()].map((r: { changed: boolean }) => r.changed).sort()).toEqual([false, true]);
    // Verified documents do not start the inspection: the delivery does, and only the buyer (or the carrier) says so.
    expect(a.json().status).toBe('funded');
    expect((await milestone(s.buyer.cookie, s.transactionId, 'inspection_completed')).statusCode).toBe(409);
    expect((await milestone(s.seller.cookie, s.transactionId, 'delivered')).statusCode).toBe(403);
    expect((await milestone(s.buyer.cookie, s.transactionId, 'delivered')).json()).toEqual({
      changed: true,
      status: 'in_inspection',
    });
    const [row] = await ctx.sql<{ days: number }[]>`
      select round(extract(epoch from inspection_period_ends - now()) / 86400)::int as days from escrow_transactions where id = ${s.transactionId}`;
    expect(row!.days).toBe(7);

    expect((await milestone(s.seller.cookie, s.transactionId, 'inspection_completed')).statusCode).toBe(403);
    expect((await milestone(s.buyer.cookie, s.transactionId, 'inspection_completed')).json()).toEqual({
      changed: true,
      status: 'completed',
    });
    const done = await ctx.sql<{ milestone: string; status: string }[]>`
      select milestone, status from transaction_milestones where transaction_id = ${s.transactionId} order by id`;
    expect(done.every((m) => m.status === 'completed')).toBe(true);

    // Every step told both parties, in order, on their own streams.
    for (const user of [s.buyer, s.seller]) {
      const events = await ctx.sql<{ payload: { status: string; actor: string } }[]>`
        select payload from outbox where stream = ${streams.user(user.id)} and type = 'escrow.updated' order by seq`;
      // Opened, two acceptances, paid, three uploads, documents verified, then delivery and release.
      expect(events.map((e) => e.payload.status)).toEqual([
        'pending',
        'pending',
        'pending',
        'funded',
        'funded',
        'funded',
        'funded',
        'funded',
        'in_inspection',
        'completed',
      ]);
    }
  });

  it('refuses a step from someone outside the sale as not found, and an accept-terms for the wrong side as 403', async () => {
    const s = await sale();
    const stranger = await createUserSession(ctx.app, ctx.sql);
    expect(
      (await post(stranger.cookie, '/api/escrow/accept-terms', { transactionId: s.transactionId, userRole: 'buyer' }))
        .statusCode,
    ).toBe(404);
    const wrongSide = await post(s.buyer.cookie, '/api/escrow/accept-terms', {
      transactionId: s.transactionId,
      userRole: 'seller',
    });
    expect(wrongSide.statusCode).toBe(403);
    expect(wrongSide.json().error).toBe('You are not the seller of this transaction');
  });

  it('cancels an unpaid escrow past its deadline, releases an inspected one, and a dispute blocks the release', async () => {
    const unpaid = await sale();
    const inspected = await sale();
    const disputed = await sale();
    await ctx.sql`update escrow_transactions set payment_due_at = now() - interval '1 minute' where id = ${unpaid.transactionId}`;
    await ctx.sql`update escrow_transactions set status = 'in_inspection', inspection_period_ends = now() - interval '1 day'
      where id in (${inspected.transactionId}, ${disputed.transactionId})`;
    // Delivered, with its documents verified: what the release needs besides the period's end.
    await ctx.sql`update transaction_milestones set status = 'completed' where milestone = 'delivered'
      and transaction_id in (${inspected.transactionId}, ${disputed.transactionId})`;
    await ctx.sql`update transaction_documents set verification_status = 'verified'
      where transaction_id in (${inspected.transactionId}, ${disputed.transactionId})`;
    const dispute = await post(disputed.buyer.cookie, '/api/escrow/initiate-dispute', {
      transactionId: disputed.transactionId,
      disputeType: 'condition',
      description: 'Not as described',
    });
    expect(dispute.statusCode).toBe(201);
    expect(dispute.json().status).toBe('disputed');
    const deps = { sql: ctx.sql, events: ctx.app.events };
    const [first, second] = await Promise.all([runEscrowDeadlines(deps), runEscrowDeadlines(deps)]);
    expect(first.cancelled + second.cancelled).toBe(1);
    expect(first.completed + second.completed).toBe(1);
    const status = async (id: number) =>
      (await ctx.sql<{ status: string }[]>`select status from escrow_transactions where id = ${id}`)[0]!.status;
    expect(await status(unpaid.transactionId)).toBe('cancelled');
    expect(await status(inspected.transactionId)).toBe('completed');
    expect(await status(disputed.transactionId)).toBe('disputed');
    expect(await runEscrowDeadlines(deps)).toEqual({ cancelled: 0, completed: 0 });
    const cancelledFor = await ctx.sql<{ stream: string }[]>`
      select stream from outbox where type = 'escrow.updated' and payload->>'status' = 'cancelled'
        and (payload->>'transactionId')::int = ${unpaid.transactionId}`;
    expect(cancelledFor.map((e) => e.stream).sort()).toEqual(
      [streams.user(unpaid.buyer.id), streams.user(unpaid.seller.id)].sort(),
    );
  });

  it('an admin settles a dispute: refund or release; nobody else can', async () => {
    const s = await sale();
    await post(s.seller.cookie, '/api/escrow/initiate-dispute', {
      transactionId: s.transactionId,
      disputeType: 'payment',
      description: 'No payment',
    });
    expect((await milestone(s.buyer.cookie, s.transactionId, 'funds_released')).statusCode).toBe(403);
    const resolve = (outcome: string) =>
      post(admin.cookie, `/api/admin/escrows/${s.transactionId}/dispute`, {
        action: 'resolve',
        outcome,
        decision: 'No payment was made',
      });
    expect((await resolve('refund')).json()).toEqual({
      disputeId: expect.any(Number),
      disputeStatus: 'resolved',
      status: 'refunded',
    });
    expect((await resolve('release')).statusCode).toBe(409);
  });
});
