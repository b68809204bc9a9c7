import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAuction } from '@app/core/auctions';
import { loadMarketRows } from '@app/infra';
import {
  AuctionPredictionListSchema,
  FEE_SCHEDULE,
  priceTrend,
  referenceStats,
  DashboardSchema,
  MarketInsightListSchema,
  UserBidListSchema,
  saleFees,
  centsToDecimal,
  recommend,
  toCents,
} from '@app/shared';
import {
  createAdminSession,
  createAuction,
  createUserSession,
  jsonHeaders,
  startTestApp,
  type TestContext,
} from '../api/test/support/test-app.js';
import { acceptBoth, openSale, payAndWait, post } from '../api/test/support/escrow-sale.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const dashboardOf = async (cookie: string) => {
  const res = await ctx.app.inject({ url: '/api/dashboard', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return DashboardSchema.parse(res.json());
};
const bid = async (cookie: string, auctionId: number, amount: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/bids',
    headers: jsonHeaders(cookie),
    payload: { auctionId, amount },
  });
  expect(res.statusCode, res.body).toBe(201);
};
/** The test clock: the auction's end moves into the past and the closing job runs, as the workers would at the end. */
const endNow = async (auctionId: number) => {
  await ctx.sql`update auctions set end_time = now() - interval '1 second' where id = ${auctionId}`;
  const result = await closeAuction({ sql: ctx.sql, events: ctx.app.events }, auctionId);
  expect(result.closed).toBe(true);
};

describe('dashboard', () => {
  it("a fresh account's tiles are all zero and its lists empty", async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    expect(await dashboardOf(me.cookie)).toEqual({
      tiles: { carsListed: 0, activeBids: 0, wonAuctions: 0, totalSpent: '0.00' },
      recentActivity: [],
      activeBids: [],
      listedCars: [],
    });
  });

  it('after bidding on two auctions and winning one, the tiles and the Leading / Outbid statuses are exact', async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    const rival = await createUserSession(ctx.app, ctx.sql);
    const seller = await createUserSession(ctx.app, ctx.sql);
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(() => createAuction(ctx.sql, { startingBid: '10000.00', ownerId: seller.id })),
    );
    await bid(me.cookie, a!, '10000.00');
    await bid(me.cookie, b!, '20000.00');
    let d = await dashboardOf(me.cookie);
    expect(d.tiles).toEqual({ carsListed: 0, activeBids: 2, wonAuctions: 0, totalSpent: '0.00' });
    expect(d.activeBids.map((x) => [x.auctionId, x.standing, x.myHighestBid, x.currentBid])).toEqual([
      [b, 'Leading', '20000.00', '20000.00'],
      [a, 'Leading', '10000.00', '10000.00'],
    ]);

    await bid(rival.cookie, a!, '12000.00');
    d = await dashboardOf(me.cookie);
    expect(d.activeBids.find((x) => x.auctionId === a)).toMatchObject({
      standing: 'Outbid',
      myHighestBid: '10000.00',
      currentBid: '12000.00',
    });
    const rivals = UserBidListSchema.parse(
      (await ctx.app.inject({ url: '/api/users/me/bids', headers: { cookie: rival.cookie } })).json(),
    );
    expect(rivals.map((x) => [x.auctionId, x.standing])).toEqual([[a, 'Leading']]);

    await endNow(b!);
    d = await dashboardOf(me.cookie);
    // Won, not paid for yet: nothing spent.
    expect(d.tiles).toEqual({ carsListed: 0, activeBids: 1, wonAuctions: 1, totalSpent: '0.00' });
    expect(d.activeBids.map((x) => [x.auctionId, x.standing])).toEqual([[a, 'Outbid']]);
    expect(d.recentActivity.filter((x) => x.kind === 'bid').map((x) => x.text)).toEqual([
      'You bid $20,000 on the 2021 Porsche 911 Carrera',
      'You bid $10,000 on the 2021 Porsche 911 Carrera',
    ]);

    // The seller sees their three cars: one sold with its escrow, one live with its current bid and watchers.
    await ctx.app.inject({ method: 'POST', url: `/api/watchlist/${a}`, headers: jsonHeaders(me.cookie) });
    const s = await dashboardOf(seller.cookie);
    expect(s.tiles.carsListed).toBe(3);
    const byAuction = new Map(s.listedCars.map((x) => [x.auctionId, x]));
    expect(byAuction.get(b!)).toMatchObject({
      state: 'sold',
      salePrice: '20000.00',
      transactionId: expect.any(Number),
    });
    expect(byAuction.get(a!)).toMatchObject({ state: 'live', currentBid: '12000.00', watchers: 1 });
    expect(byAuction.get(c!)).toMatchObject({ state: 'live', currentBid: '0.00', watchers: 0 });
  });

  it('My Listed Cars shows a car pending approval, one that ended with no bids and one whose reserve was not met as unsold, and a car never listed', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const buyer = await createUserSession(ctx.app, ctx.sql);
    const pending = await createAuction(ctx.sql, { ownerId: seller.id, status: 'pending' });
    const noBids = await createAuction(ctx.sql, { ownerId: seller.id });
    const reserve = await createAuction(ctx.sql, {
      ownerId: seller.id,
      auctionType: 'reserve',
      startingBid: '10000.00',
      reservePrice: '50000.00',
    });
    await bid(buyer.cookie, reserve, '20000.00');
    await endNow(noBids);
    await endNow(reserve);
    const [unlisted] = await ctx.sql<{ id: number }[]>`
      insert into cars (vin, year, make, model, mileage, condition, owner_id) values ('NTLSTD00000000001', 2018, 'BMW', 'M2', 9000, 'Good', ${seller.id}) returning id`;

    const s = await dashboardOf(seller.cookie);
    expect(s.tiles.carsListed).toBe(4);
    const byAuction = new Map(s.listedCars.map((x) => [x.auctionId, x]));
    expect(byAuction.get(pending)).toMatchObject({
      state: 'pending',
      currentBid: null,
      salePrice: null,
      transactionId: null,
    });
    expect(byAuction.get(noBids)).toMatchObject({
      state: 'unsold',
      currentBid: null,
      salePrice: null,
      transactionId: null,
    });
    expect(byAuction.get(reserve)).toMatchObject({
      state: 'unsold',
      currentBid: null,
      salePrice: null,
      transactionId: null,
    });
    expect(s.listedCars.find((x) => x.carId === unlisted!.id)).toMatchObject({ state: 'not-listed', auctionId: null });
    const statuses = await ctx.sql<
      { id: number; status: string }[]
    >`select id, status from auctions where id in ${ctx.sql([noBids, reserve])} order by id`;
    expect(statuses.map((r) => r.status)).toEqual(['no-bids', 'reserve-not-met']);

    // Approved, the pending car goes live.
    await ctx.sql`update auctions set status = 'active' where id = ${pending}`;
    expect((await dashboardOf(seller.cookie)).listedCars.find((x) => x.auctionId === pending)).toMatchObject({
      state: 'live',
      currentBid: '0.00',
    });
  });

  it("Total Spent counts a purchase once its payment is confirmed, at the fee module's buyer total, less a refund paid back", async () => {
    const s = await openSale(ctx, '50000.00');
    const unpaid = await createAuction(ctx.sql, { buyItNowPrice: '20000.00' });
    expect((await post(ctx, s.buyer.cookie, `/api/auctions/${unpaid}/buy-now`, {})).statusCode).toBe(201);
    expect((await dashboardOf(s.buyer.cookie)).tiles).toMatchObject({ wonAuctions: 2, totalSpent: '0.00' });

    await acceptBoth(ctx, s);
    await payAndWait(ctx, s);
    const total = saleFees(5_000_000, FEE_SCHEDULE).buyerTotalCents;
    expect((await dashboardOf(s.buyer.cookie)).tiles.totalSpent).toBe(centsToDecimal(total));
    // The seller spent nothing by selling.
    expect((await dashboardOf(s.seller.cookie)).tiles.totalSpent).toBe('0.00');

    const admin = await createAdminSession(ctx.app, ctx.sql);
    const disputed = await post(ctx, s.buyer.cookie, '/api/escrow/initiate-dispute', {
      transactionId: s.transactionId,
      disputeType: 'condition',
      description: 'A dent the photos did not show',
    });
    expect(disputed.statusCode).toBe(201);
    const settled = await post(ctx, admin.cookie, `/api/admin/escrows/${s.transactionId}/dispute`, {
      action: 'resolve',
      outcome: 'partial_refund',
      refundAmount: '1500.00',
      decision: 'The dent costs $1,500 to repair',
    });
    expect(settled.json()).toMatchObject({ status: 'completed' });
    expect((await dashboardOf(s.buyer.cookie)).tiles.totalSpent).toBe(centsToDecimal(total - 1500_00));
  });

  it("answers a user's bids only to that user: another id is 403, no session 401", async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    const other = await createUserSession(ctx.app, ctx.sql);
    expect((await ctx.app.inject({ url: `/api/users/${me.id}/bids`, headers: { cookie: me.cookie } })).statusCode).toBe(
      200,
    );
    const foreign = await ctx.app.inject({ url: `/api/users/${other.id}/bids`, headers: { cookie: me.cookie } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBeTruthy();
    expect((await ctx.app.inject({ url: `/api/users/${me.id}/bids` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/users/abc/bids', headers: { cookie: me.cookie } })).statusCode).toBe(400);
  });

  it('values each watched or bid-on open auction with the model; the advice follows the price', async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    const predictions = async () =>
      AuctionPredictionListSchema.parse(
        (await ctx.app.inject({ url: '/api/dashboard/predictions', headers: { cookie: me.cookie } })).json(),
      );
    expect(await predictions()).toEqual([]);
    const cheap = await createAuction(ctx.sql, { startingBid: '1000.00' });
    await ctx.app.inject({ method: 'POST', url: `/api/watchlist/${cheap}`, headers: jsonHeaders(me.cookie) });
    const [p] = await predictions();
    expect(p).toMatchObject({ auctionId: cheap, watched: true, recommendation: 'Strong Buy' });
    expect(toCents(p!.predictedValue)).toBeGreaterThan(0);
    expect(p!.reason).toBe(recommend(100_000, toCents(p!.predictedValue)).reason);
    // The price rises past the estimate: the advice turns to Hold.
    await ctx.sql`update auctions set current_bid = ${p!.high}, bid_count = 1 where id = ${cheap}`;
    expect((await predictions())[0]).toMatchObject({ recommendation: 'Hold', currentBid: p!.high });
  });

  it('Market Insights: three categories on the labelled market data while sales here are too few, then on the sales here, following each one', async () => {
    const read = async () =>
      MarketInsightListSchema.parse((await ctx.app.inject({ url: '/api/market-insights' })).json());
    const sale = async (category: string, price: string, daysAgo: number, isSample = false) => {
      const id = await createAuction(ctx.sql, { endsInMs: -1000, category });
      await ctx.sql`update auctions set status = 'sold', winning_amount = ${price}, closed_at = now() - ${daysAgo} * interval '1 day', is_sample = ${isSample} where id = ${id}`;
    };
    const reference = referenceStats(await loadMarketRows());
    const suvRef = reference.byCategory.suv!;
    const suvRefTrend = priceTrend(suvRef.nowAvgCents, suvRef.beforeAvgCents)!;

    const fresh = await read();
    expect(fresh).toHaveLength(3);
    expect(fresh.find((x) => x.category === 'suv')).toEqual({
      category: 'suv',
      label: 'SUV',
      source: 'market data',
      ...suvRefTrend,
      averagePrice: centsToDecimal(suvRef.nowAvgCents!),
      basis: `market data: ${suvRef.nowSales} auction sales in the 30 days to ${reference.to} against ${suvRef.beforeSales} the 30 days before (too few here: 0 sales here in the last 30 days against 0 the 30 days before)`,
    });
    expect(fresh.every((x) => x.source === 'market data')).toBe(true);

    // Sales here, but not yet enough in both windows (nor do seeded sample sales count): still the market data.
    for (let i = 0; i < 3; i += 1) await sale('suv', '100000.00', 40);
    for (let i = 0; i < 2; i += 1) await sale('suv', '110000.00', 5);
    await sale('suv', '110000.00', 5, true);
    expect((await read()).find((x) => x.category === 'suv')).toMatchObject({
      source: 'market data',
      basis: expect.stringContaining('too few here: 2 sales here in the last 30 days against 3'),
    });

    await sale('suv', '110000.00', 3);
    const ours = await read();
    expect(ours[0]).toEqual({
      category: 'suv',
      label: 'SUV',
      source: 'marketplace',
      trend: 'up',
      percent: 10,
      averagePrice: '110000.00',
      basis: '3 sales here in the last 30 days against 3 the 30 days before',
    });
    await sale('suv', '54000.00', 1);
    expect((await read())[0]).toMatchObject({
      source: 'marketplace',
      trend: 'down',
      percent: -4,
      averagePrice: '96000.00',
    });
  });
});
