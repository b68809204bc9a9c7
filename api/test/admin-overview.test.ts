import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOverviewSchema, centsToDecimal, saleFees, toCents, type AdminPeriod } from '@app/shared';
import { createAdminSession, createAuction, createUser, createUserSession, jsonHeaders, startTestApp, type TestContext } from './support/test-app.js';

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
const plus = (a: string, cents: number) => centsToDecimal(toCents(a) + cents);

describe('admin overview by period', () => {
  it('every figure follows the data: a new user, bids, a sale by Buy It Now, and a sale 40 days ago seen only by 90d and 1y', async () => {
    const before = { d7: await overview('7d'), d90: await overview('90d') };

    await createUser(ctx.sql);
    const buyer = await createUserSession(ctx.app, ctx.sql);
    const bidOn = await createAuction(ctx.sql, { startingBid: '5000.00' });
    for (const amount of ['5000.00', '6000.00']) {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/bids', headers: jsonHeaders(buyer.cookie), payload: { auctionId: bidOn, amount } })).statusCode).toBe(201);
    }
    const sold = await createAuction(ctx.sql, { auctionType: 'buy-it-now', buyItNowPrice: '30000.00' });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/auctions/${sold}/buy-now`, headers: jsonHeaders(buyer.cookie), payload: {} })).statusCode).toBe(201);
    const old = await createAuction(ctx.sql, { endsInMs: -1000 });
    await ctx.sql`update auctions set status = 'sold', winning_amount = '12345.00', closed_at = now() - interval '40 days' where id = ${old}`;

    const after = { d7: await overview('7d'), d90: await overview('90d'), y1: await overview('1y') };
    const fees = saleFees(3_000_000);
    const earned = fees.buyersPremiumCents + fees.sellersCommissionCents + fees.buyerEscrowFeeCents + fees.sellerEscrowFeeCents;
    expect(after.d7.period).toBe('7d');
    expect(after.d7.newUsers - before.d7.newUsers).toBe(2);
    expect(after.d7.liveAuctions - before.d7.liveAuctions).toBe(1);
    expect(after.d7.gmv).toBe(plus(before.d7.gmv, 3_000_000));
    expect(after.d7.auctionsSold - before.d7.auctionsSold).toBe(1);
    expect(after.d7.auctionsEnded - before.d7.auctionsEnded).toBe(1);
    expect(after.d7.feesEarned).toBe(plus(before.d7.feesEarned, earned));
    expect(after.d7.feesByType).toEqual({
      buyersPremium: plus(before.d7.feesByType.buyersPremium, fees.buyersPremiumCents),
      sellersCommission: plus(before.d7.feesByType.sellersCommission, fees.sellersCommissionCents),
      buyerEscrowFees: plus(before.d7.feesByType.buyerEscrowFees, fees.buyerEscrowFeeCents),
      sellerEscrowFees: plus(before.d7.feesByType.sellerEscrowFees, fees.sellerEscrowFeeCents),
    });
    expect(after.d7.escrowVolume.find((e) => e.status === 'pending')?.count).toBe((before.d7.escrowVolume.find((e) => e.status === 'pending')?.count ?? 0) + 1);
    expect(after.d7.series).toHaveLength(7);
    const today = after.d7.series.at(-1)!;
    const todayBefore = before.d7.series.at(-1)!;
    expect([today.sales - todayBefore.sales, today.bids - todayBefore.bids]).toEqual([1, 2]);
    // The old sale: outside 7 days, inside 90 days and a year.
    expect(after.d90.gmv).toBe(plus(before.d90.gmv, 3_000_000 + 1_234_500));
    expect(after.d90.auctionsSold - before.d90.auctionsSold).toBe(2);
    expect(after.y1.series).toHaveLength(365);
    expect(after.d7.sellThroughRate).not.toBeNull();
  });

  it('a fresh marketplace period answers exact rates, and a bad period is 400', async () => {
    const d = await overview('30d');
    expect(d.sellThroughRate === null || (d.sellThroughRate >= 0 && d.sellThroughRate <= 100)).toBe(true);
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
    expect((await ctx.app.inject({ url: '/api/admin/auctions?status=bogus', headers: { cookie: admin.cookie } })).statusCode).toBe(400);
  });

  it('takes the page of the auctions and users tables only as a plain whole number', async () => {
    for (const table of ['auctions', 'users']) {
      expect((await ctx.app.inject({ url: `/api/admin/${table}?page=2`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
      for (const page of ['1e3', '%2012%20', '12abc', '0']) {
        const res = await ctx.app.inject({ url: `/api/admin/${table}?page=${page}`, headers: { cookie: admin.cookie } });
        expect(res.statusCode, `${table} page=${page}`).toBe(400);
        expect(res.json().issues[0].path).toEqual(['page']);
      }
    }
  });
});
