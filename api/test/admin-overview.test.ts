import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOverviewSchema, FEE_SCHEDULE, centsToDecimal, saleFees, type AdminPeriod } from '@app/shared';
import {
  createAdminSession,
  createAuction,
  createUser,
  createUserSession,
  jsonHeaders,
  startTestApp,
  type TestContext,
} from './support/test-app.js';

let ctx: TestContext;
let admin: { cookie: string };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await createAdminSession(ctx.app, ctx.sql);
});
afterAll(async () => ctx?.close());

const overview = async (period: AdminPeriod) => {
  const res = await ctx.app.inject({ url: `/api/admin/overview?period=${period}`, headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  return AdminOverviewSchema.parse(res.json());
};

describe('admin overview by period', () => {
  it('every figure follows the data, exactly: users, bids (today and in the period), pending, a sale by Buy It Now, an unsold close, and a sale 40 days ago seen only by 90d and 1y', async () => {
    // A fresh marketplace: nothing to count, and no rate where nothing ended.
    const empty = await overview('7d');
    expect(empty).toMatchObject({
      liveAuctions: 0,
      users: 0,
      bidsToday: 0,
      pending: 0,
      gmv: '0.00',
      auctionsEnded: 0,
      auctionsSold: 0,
      sellThroughRate: null,
      avgBidsPerAuction: 0,
      newUsers: 0,
      escrowVolume: [],
      feesEarned: '0.00',
    });

    await createUser(ctx.sql);
    const buyer = await createUserSession(ctx.app, ctx.sql);
    const bid = async (auctionId: number, amount: string) =>
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/bids',
            headers: jsonHeaders(buyer.cookie),
            payload: { auctionId, amount },
          })
        ).statusCode,
      ).toBe(201);
    const bidOn = await createAuction(ctx.sql, { startingBid: '5000.00' });
    await bid(bidOn, '5000.00');
    await bid(bidOn, '6000.00');
    const bidOnce = await createAuction(ctx.sql, { startingBid: '1000.00' });
    await bid(bidOnce, '1000.00');
    // A bid two days old: in the period, not today.
    await ctx.sql`insert into bids (auction_id, user_id, amount, timestamp) values (${bidOnce}, ${buyer.id}, '900.00', now() - interval '2 days')`;
    await createAuction(ctx.sql, { status: 'pending' });
    const sold = await createAuction(ctx.sql, { auctionType: 'buy-it-now', buyItNowPrice: '30000.00' });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/auctions/${sold}/buy-now`,
          headers: jsonHeaders(buyer.cookie),
          payload: {},
        })
      ).statusCode,
    ).toBe(201);
    // Fees are earned on money taken: nothing while the sale is unpaid, all of them once it is paid in full.
    expect(await overview('7d')).toMatchObject({ feesEarned: '0.00' });
    await ctx.sql`update escrow_transactions set status = 'funded', funded_at = now() where auction_id = ${sold}`;
    await createAuction(ctx.sql, { status: 'no-bids', endsInMs: -1000 });
    const old = await createAuction(ctx.sql, { endsInMs: -1000 });
    await ctx.sql`update auctions set status = 'sold', winning_amount = '12345.00', closed_at = now() - interval '40 days' where id = ${old}`;

    const after = { d7: await overview('7d'), d90: await overview('90d'), y1: await overview('1y') };
    const fees = saleFees(3_000_000, FEE_SCHEDULE);
    const earned =
      fees.buyersPremiumCents + fees.sellersCommissionCents + fees.buyerEscrowFeeCents + fees.sellerEscrowFeeCents;
    expect(after.d7).toMatchObject({
      period: '7d',
      liveAuctions: 2,
      users: 2,
      newUsers: 2,
      bidsToday: 3,
      pending: 1,
      gmv: '30000.00',
      auctionsEnded: 2,
      auctionsSold: 1,
      sellThroughRate: 50,
      // 4 bids in the period on 2 auctions.
      avgBidsPerAuction: 2,
      feesEarned: centsToDecimal(earned),
      feesByType: {
        buyersPremium: centsToDecimal(fees.buyersPremiumCents),
        sellersCommission: centsToDecimal(fees.sellersCommissionCents),
        buyerEscrowFees: centsToDecimal(fees.buyerEscrowFeeCents),
        sellerEscrowFees: centsToDecimal(fees.sellerEscrowFeeCents),
      },
      escrowVolume: [{ status: 'funded', count: 1, amount: '30000.00' }],
    });
    expect(after.d7.series).toHaveLength(7);
    expect(after.d7.series.at(-1)).toMatchObject({ sales: 1, bids: 3 });
    expect(after.d7.series.at(-3)).toMatchObject({ sales: 0, bids: 1 });
    // The old sale: outside 7 days, inside 90 days and a year.
    expect(after.d90).toMatchObject({ gmv: '42345.00', auctionsEnded: 3, auctionsSold: 2, sellThroughRate: 66.7 });
    expect(after.y1.series).toHaveLength(365);

    // One more bid today on an auction nobody had bid on: today's count and the average move.
    await bid(await createAuction(ctx.sql, { startingBid: '2000.00' }), '2000.00');
    expect(await overview('7d')).toMatchObject({ bidsToday: 4, avgBidsPerAuction: 1.67, liveAuctions: 3 });
  });

  it('a bad period is 400', async () => {
    const bad = await ctx.app.inject({ url: '/api/admin/overview?period=2w', headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('admin auctions table', () => {
  it('filters by status, searches by car, pages, and sees a new auction at once', async () => {
    const list = async (qs: string) => {
      const res = await ctx.app.inject({ url: `/api/admin/auctions?${qs}`, headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(200);
      return res.json() as { items: { id: number; status: string }[]; total: number };
    };
    const pendingBefore = (await list('status=pending')).total;
    const id = await createAuction(ctx.sql, { status: 'pending' });
    const pending = await list('status=pending');
    expect(pending.total).toBe(pendingBefore + 1);
    expect(pending.items[0]).toMatchObject({ id, status: 'pending' });
    expect(pending.items.every((a) => a.status === 'pending')).toBe(true);
    expect((await list('search=porsche%20911')).items.some((a) => a.id === id)).toBe(true);
    expect((await list('search=no-such-car')).total).toBe(0);
    expect(
      (await ctx.app.inject({ url: '/api/admin/auctions?status=bogus', headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(400);
  });

  it('takes the page of the auctions and users tables only as a plain whole number', async () => {
    for (const table of ['auctions', 'users']) {
      expect(
        (await ctx.app.inject({ url: `/api/admin/${table}?page=2`, headers: { cookie: admin.cookie } })).statusCode,
      ).toBe(200);
      for (const page of ['1e3', '%2012%20', '12abc', '0']) {
        const res = await ctx.app.inject({
          url: `/api/admin/${table}?page=${page}`,
          headers: { cookie: admin.cookie },
        });
        expect(res.statusCode, `${table} page=${page}`).toBe(400);
        expect(res.json().issues[0].path).toEqual(['page']);
      }
    }
  });
});
