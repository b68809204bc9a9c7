import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuyNowResponseSchema } from '@app/shared';
import { createAuction, createUserSession, jsonHeaders, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const buy = (cookie: string, auctionId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/auctions/${auctionId}/buy-now`,
    headers: jsonHeaders(cookie),
    payload: {},
  });

describe('buy it now', () => {
  it('ends the auction as bought-now, records the sale and opens one escrow with the spec fees', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const auctionId = await createAuction(ctx.sql, {
      auctionType: 'buy-it-now',
      buyItNowPrice: '80000.00',
      currentBid: '50000.00',
      ownerId: seller.id,
    });
    const buyer = await createUserSession(ctx.app, ctx.sql);
    const res = await buy(buyer.cookie, auctionId);
    expect(res.statusCode).toBe(201);
    const body = BuyNowResponseSchema.parse(res.json());
    expect(body.amount).toBe('80000.00');
    const [a] = await ctx.sql<{ status: string; winnerId: number; winningAmount: string; isActive: boolean }[]>`
      select status, winner_id, winning_amount, is_active from auctions where id = ${auctionId}`;
    expect(a).toEqual({ status: 'bought-now', winnerId: buyer.id, winningAmount: '80000.00', isActive: false });
    const [tx] = await ctx.sql<
      { id: number; buyerId: number; sellerId: number; amount: string; fees: Record<string, string> }[]
    >`
      select id, buyer_id, seller_id, amount, fees from escrow_transactions where auction_id = ${auctionId}`;
    expect(tx).toMatchObject({ id: body.transactionId, buyerId: buyer.id, sellerId: seller.id, amount: '80000.00' });
    expect(tx!.fees).toMatchObject({ buyerFee: '2000.00', sellerFee: '1200.00' });
    const docs = await ctx.sql<{ documentType: string }[]>`
      select document_type from transaction_documents where transaction_id = ${tx!.id} order by document_type`;
    expect(docs.map((d) => d.documentType)).toEqual(['bill_of_sale', 'inspection_report', 'title']);
    const again = await buy(buyer.cookie, auctionId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBeTruthy();
  });

  it('10 concurrent buy-now calls: exactly one succeeds, nine get 409, one escrow exists', async () => {
    const auctionId = await createAuction(ctx.sql, { auctionType: 'buy-it-now', buyItNowPrice: '60000.00' });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createUserSession(ctx.app, ctx.sql)));
    const results = await Promise.all(buyers.map((b) => buy(b.cookie, auctionId)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const count = (
      await ctx.sql<{ count: number }[]>`select count(*)::int from escrow_transactions where auction_id = ${auctionId}`
    )[0]!.count;
    expect(count).toBe(1);
  });

  it('refuses an auction without a Buy It Now price, or whose bidding passed it', async () => {
    const buyer = await createUserSession(ctx.app, ctx.sql);
    const plain = await createAuction(ctx.sql);
    expect((await buy(buyer.cookie, plain)).json()).toEqual({ error: 'This auction has no Buy It Now price' });
    const passed = await createAuction(ctx.sql, { buyItNowPrice: '30000.00', currentBid: '30000.00' });
    expect((await buy(buyer.cookie, passed)).statusCode).toBe(409);
    const ended = await createAuction(ctx.sql, { buyItNowPrice: '30000.00', endsInMs: -1000 });
    expect((await buy(buyer.cookie, ended)).json()).toEqual({ error: 'This auction has ended' });
  });

  it('keeps premium-only auctions for premium members', async () => {
    const auctionId = await createAuction(ctx.sql, { buyItNowPrice: '30000.00', isPremiumOnly: true });
    const basic = await createUserSession(ctx.app, ctx.sql);
    expect((await buy(basic.cookie, auctionId)).statusCode).toBe(403);
  });
});
