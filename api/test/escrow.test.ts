import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisStreamWriter } from '@app/infra';
import { EscrowTransactionSchema } from '@app/shared';
import { runEscrowDeadlines } from '../../workers/src/jobs/escrow-deadlines.js';
import { createAuction, createUserSession, jsonHeaders, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

async function sale() {
  const seller = await createUserSession(ctx.app, ctx.sql);
  const buyer = await createUserSession(ctx.app, ctx.sql);
  const auctionId = await createAuction(ctx.sql, { buyItNowPrice: '50000.00', ownerId: seller.id });
  const res = await ctx.app.inject({ method: 'POST', url: `/api/auctions/${auctionId}/buy-now`, headers: jsonHeaders(buyer.cookie), payload: {} });
  expect(res.statusCode).toBe(201);
  return { seller, buyer, auctionId, transactionId: res.json().transactionId as number };
}

const status = async (id: number) => (await ctx.sql<{ status: string }[]>`select status from escrow_transactions where id = ${id}`)[0]!.status;

describe('escrow', () => {
  it('shows the transaction to its buyer and seller only, with fees, milestones and the required documents', async () => {
    const s = await sale();
    const asBuyer = await ctx.app.inject({ url: `/api/escrow/transaction/${s.auctionId}`, headers: { cookie: s.buyer.cookie } });
    expect(asBuyer.statusCode).toBe(200);
    const t = EscrowTransactionSchema.parse(asBuyer.json());
    expect(t.fees).toEqual({ buyerFee: '1250.00', sellerFee: '750.00', paymentProcessingFee: '1450.30' });
    expect(t.milestones.map((m) => [m.milestone, m.status])[0]).toEqual(['escrow_created', 'completed']);
    expect(t.documents.map((d) => d.documentType)).toEqual(['title', 'bill_of_sale', 'inspection_report']);
    expect((await ctx.app.inject({ url: `/api/escrow/transaction/${s.auctionId}`, headers: { cookie: s.seller.cookie } })).statusCode).toBe(200);
    const stranger = await createUserSession(ctx.app, ctx.sql);
    const other = await ctx.app.inject({ url: `/api/escrow/transaction/${s.auctionId}`, headers: { cookie: stranger.cookie } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'No escrow transaction found for this auction.' });
  });

  it('completing a milestone twice is a no-op; payment starts the 7-day inspection period', async () => {
    const s = await sale();
    const complete = () =>
      ctx.app.inject({
        method: 'POST', url: '/api/escrow/complete-milestone', headers: jsonHeaders(s.buyer.cookie),
        payload: { transactionId: s.transactionId, milestone: 'payment_received' },
      });
    const [a, b] = await Promise.all([complete(), complete()]);
    expect([a.json().changed, b.json().changed].sort()).toEqual([false, true]);
    const [row] = await ctx.sql<{ status: string; days: number }[]>`
      select status, round(extract(epoch from inspection_period_ends - funded_at) / 86400)::int as days from escrow_transactions where id = ${s.transactionId}`;
    expect(row).toEqual({ status: 'funded', days: 7 });
    const bySeller = await ctx.app.inject({
      method: 'POST', url: '/api/escrow/complete-milestone', headers: jsonHeaders(s.seller.cookie),
      payload: { transactionId: s.transactionId, milestone: 'inspection_completed' },
    });
    expect(bySeller.statusCode).toBe(403);
  });

  it('cancels an unpaid escrow past its payment deadline, and completes a funded one whose inspection ended undisputed', async () => {
    const write = redisStreamWriter(ctx.redis, ctx.config.REDIS_PREFIX);
    const unpaid = await sale();
    const inspected = await sale();
    const disputed = await sale();
    await ctx.sql`update escrow_transactions set payment_due_at = now() - interval '1 minute' where id = ${unpaid.transactionId}`;
    await ctx.sql`update escrow_transactions set status = 'funded', funded_at = now() - interval '8 days',
      inspection_period_ends = now() - interval '1 day' where id in (${inspected.transactionId}, ${disputed.transactionId})`;
    const dispute = await ctx.app.inject({
      method: 'POST', url: '/api/escrow/initiate-dispute', headers: jsonHeaders(disputed.buyer.cookie),
      payload: { transactionId: disputed.transactionId, disputeType: 'condition', description: 'Not as described' },
    });
    expect(dispute.statusCode).toBe(201);
    const first = await runEscrowDeadlines(ctx.sql, write);
    expect(first.cancelled).toBeGreaterThanOrEqual(1);
    expect(await status(unpaid.transactionId)).toBe('cancelled');
    expect(await status(inspected.transactionId)).toBe('completed');
    expect(await status(disputed.transactionId)).toBe('disputed');
    expect(await runEscrowDeadlines(ctx.sql, write)).toEqual({ cancelled: 0, completed: 0 });
    const events = await ctx.sql<{ userId: number }[]>`
      select user_id from outbox where type = 'escrow.updated' and (payload->>'transactionId')::int = ${unpaid.transactionId}`;
    expect(events.map((e) => e.userId).sort()).toEqual([unpaid.buyer.id, unpaid.seller.id].sort());
  });
});
