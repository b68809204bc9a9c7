// Offers and the seller's reserve over HTTP: bodies parsed and bounded, the acting member from the session, refusals
// as 4xx JSON, and the whole best-offer path to the escrow page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionOfferResultSchema, AuctionOffersResponseSchema, LowerReserveResponseSchema } from '@app/shared';
import { createAuction, createUserSession, jsonHeaders, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const post = (cookie: string | undefined, url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload: payload as object });

describe('lowering the reserve', () => {
  it('lowers it for the seller, shows the new status to everyone, and refuses a raise with 400', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const bidder = await createUserSession(ctx.app, ctx.sql);
    const id = await createAuction(ctx.sql, {
      ownerId: seller.id,
      reservePrice: '9000.00',
      startingBid: '1000.00',
      currentBid: '8000.00',
      bidCount: 1,
    });
    await ctx.sql`insert into bids (auction_id, user_id, amount) values (${id}, ${bidder.id}, 8000)`;
    const url = `/api/auctions/${id}/reserve`;
    expect((await post(undefined, url, { reservePrice: 8000 })).statusCode).toBe(401);
    expect((await post(bidder.cookie, url, { reservePrice: 8000 })).statusCode).toBe(403);
    for (const bad of [
      { reservePrice: '8000.50' },
      { reservePrice: -1 },
      { reservePrice: 'x' },
      {},
      { reservePrice: 1e15 },
    ])
      expect((await post(seller.cookie, url, bad)).statusCode).toBe(400);
    const raise = await post(seller.cookie, url, { reservePrice: 9500 });
    expect(raise.statusCode).toBe(400);
    expect(raise.json().error).toBe('The reserve can only be lowered, never raised');
    const before = await ctx.app.inject({ url: `/api/auctions/${id}` });
    expect(before.json().reserveStatus).toBe('not-met');
    const res = await post(seller.cookie, url, { reservePrice: '8000' });
    expect(res.statusCode).toBe(200);
    expect(LowerReserveResponseSchema.parse(res.json())).toEqual({
      auctionId: id,
      reservePrice: '8000.00',
      reserveStatus: 'met',
    });
    const after = await ctx.app.inject({ url: `/api/auctions/${id}` });
    expect(after.json().reserveStatus).toBe('met');
    expect((await post(seller.cookie, url, { reservePrice: 8000 })).statusCode).toBe(400);
  });
});

describe('best offer over HTTP', () => {
  it('reserve not met -> offer -> counter -> accepted -> the buyer’s escrow page', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const buyer = await createUserSession(ctx.app, ctx.sql);
    const id = await createAuction(ctx.sql, {
      ownerId: seller.id,
      reservePrice: '9000.00',
      currentBid: '7000.00',
      bidCount: 1,
      status: 'reserve-not-met',
    });
    await ctx.sql`insert into bids (auction_id, user_id, amount) values (${id}, ${buyer.id}, 7000)`;
    const view = await ctx.app.inject({ url: `/api/auctions/${id}/offers`, headers: jsonHeaders(buyer.cookie) });
    expect(AuctionOffersResponseSchema.parse(view.json()).bestOfferMinimum).toBe('7000.00');
    expect((await ctx.app.inject({ url: `/api/auctions/${id}/offers` })).statusCode).toBe(401);

    expect((await post(buyer.cookie, `/api/auctions/${id}/offers`, { amount: 6999 })).statusCode).toBe(400);
    expect((await post(buyer.cookie, `/api/auctions/${id}/offers`, { amount: '7500.25' })).statusCode).toBe(400);
    const sent = await post(buyer.cookie, `/api/auctions/${id}/offers`, { amount: 7500 });
    expect(sent.statusCode).toBe(201);
    const offer = AuctionOfferResultSchema.parse(sent.json()).offer;
    expect(offer).toMatchObject({ status: 'open', amount: '7500.00', turn: 'seller' });

    const answer = `/api/offers/${offer.id}/answer`;
    expect((await post(seller.cookie, answer, { action: 'counter' })).statusCode).toBe(400);
    expect((await post(seller.cookie, answer, { action: 'accept', counterAmount: 8000 })).statusCode).toBe(400);
    expect((await post(seller.cookie, answer, { action: 'shrug' })).statusCode).toBe(400);
    expect((await post(buyer.cookie, answer, { action: 'accept' })).statusCode).toBe(403);
    const countered = await post(seller.cookie, answer, { action: 'counter', counterAmount: 8200 });
    expect(countered.statusCode).toBe(200);
    expect(countered.json().offer).toMatchObject({ status: 'countered', counterAmount: '8200.00', turn: 'buyer' });
    const accepted = await post(buyer.cookie, answer, { action: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect(AuctionOfferResultSchema.parse(accepted.json()).transactionId).toEqual(expect.any(Number));
    expect((await post(buyer.cookie, answer, { action: 'accept' })).statusCode).toBe(409);

    const escrow = await ctx.app.inject({ url: `/api/escrow/transaction/${id}`, headers: jsonHeaders(buyer.cookie) });
    expect(escrow.statusCode).toBe(200);
    expect(escrow.json()).toMatchObject({ amount: '8200.00' });
    const sellerView = await ctx.app.inject({ url: `/api/auctions/${id}/offers`, headers: jsonHeaders(seller.cookie) });
    expect(sellerView.json().offers[0]).toMatchObject({ status: 'accepted', turn: null });
  });

  it('an unknown offer is 404 and a malformed id 400, never 500', async () => {
    const u = await createUserSession(ctx.app, ctx.sql);
    expect((await post(u.cookie, `/api/offers/999999/answer`, { action: 'accept' })).statusCode).toBe(404);
    expect((await post(u.cookie, `/api/offers/abc/answer`, { action: 'accept' })).statusCode).toBe(400);
    expect((await post(u.cookie, `/api/auctions/999999/offers`, { amount: 100 })).statusCode).toBe(404);
    expect((await post(u.cookie, `/api/auctions/999999/second-chance-offers`, { bidderId: 1 })).statusCode).toBe(404);
  });
});
