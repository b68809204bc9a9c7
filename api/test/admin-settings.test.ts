import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSettingsResponseSchema } from '@app/shared';
import { createAdminSession, createAuction, createUserSession, jsonHeaders, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const patch = (cookie: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: jsonHeaders(cookie), payload });
const buy = (cookie: string, auctionId: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/auctions/${auctionId}/buy-now`, headers: jsonHeaders(cookie), payload: {} });

describe('marketplace settings', () => {
  it('turning Buy It Now off makes buy-now 403 and tells pages to hide it; turning it on again lets the sale through; each change is audited', async () => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const buyer = await createUserSession(ctx.app, ctx.sql);
    const auctionId = await createAuction(ctx.sql, { auctionType: 'buy-it-now', buyItNowPrice: '40000.00' });
    expect((await ctx.app.inject({ url: '/api/settings/features' })).json()).toMatchObject({ buyItNow: true });

    const off = await patch(admin.cookie, { features: { buyItNow: false } });
    expect(off.statusCode).toBe(200);
    const body = AdminSettingsResponseSchema.parse(off.json());
    expect(body.settings.features).toEqual({ aiValuation: true, buyItNow: false, tradeIn: true, premiumListings: true });
    expect(body.audit[0]).toMatchObject({ adminName: 'Test Admin', action: 'setting.changed', subject: 'features', details: { from: { buyItNow: true }, to: { buyItNow: false } } });
    expect((await ctx.app.inject({ url: '/api/settings/features' })).json()).toMatchObject({ buyItNow: false });

    const refused = await buy(buyer.cookie, auctionId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Buy It Now is turned off' });
    expect((await ctx.sql`select 1 from escrow_transactions where auction_id = ${auctionId}`).length).toBe(0);

    await patch(admin.cookie, { features: { buyItNow: true } });
    expect((await buy(buyer.cookie, auctionId)).statusCode).toBe(201);
  });

  it('stores the duration and commission, refuses values outside the spec options, and is for admins only', async () => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const res = await patch(admin.cookie, { defaultDurationDays: 10, commissionRatePct: 7 });
    expect(AdminSettingsResponseSchema.parse(res.json()).settings).toMatchObject({ defaultDurationDays: 10, commissionRatePct: 7 });
    const read = AdminSettingsResponseSchema.parse((await ctx.app.inject({ url: '/api/admin/settings', headers: { cookie: admin.cookie } })).json());
    expect(read.settings).toMatchObject({ defaultDurationDays: 10, commissionRatePct: 7 });
    expect(read.audit.map((a) => a.subject).slice(0, 2).sort()).toEqual(['commissionRatePct', 'defaultDurationDays']);
    const bad = await patch(admin.cookie, { commissionRatePct: 4 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.length).toBeGreaterThan(0);
    expect((await patch(admin.cookie, { surprise: true })).statusCode).toBe(400);
    const member = await createUserSession(ctx.app, ctx.sql);
    expect((await patch(member.cookie, { defaultDurationDays: 3 })).statusCode).toBe(403);
    expect((await patch('', { defaultDurationDays: 3 })).statusCode).toBe(401);
  });

  it('two admins toggling different features at once keep both changes', async () => {
    const [a, b] = [await createAdminSession(ctx.app, ctx.sql), await createAdminSession(ctx.app, ctx.sql)];
    await Promise.all([patch(a.cookie, { features: { tradeIn: false } }), patch(b.cookie, { features: { premiumListings: false } })]);
    expect((await ctx.app.inject({ url: '/api/settings/features' })).json()).toMatchObject({ tradeIn: false, premiumListings: false });
  });
});

describe('commission rate', () => {
  it('a new commission applies to sales made after the change; an escrow opened before keeps its fees', async () => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const buyer = await createUserSession(ctx.app, ctx.sql);
    const [before, after] = [
      await createAuction(ctx.sql, { auctionType: 'buy-it-now', buyItNowPrice: '50000.00' }),
      await createAuction(ctx.sql, { auctionType: 'buy-it-now', buyItNowPrice: '50000.00' }),
    ];
    await patch(admin.cookie, { commissionRatePct: 3 });
    expect((await buy(buyer.cookie, before)).statusCode).toBe(201);
    await patch(admin.cookie, { commissionRatePct: 10 });
    expect((await buy(buyer.cookie, after)).statusCode).toBe(201);
    const fees = await ctx.sql<{ auctionId: number; fees: { sellersCommission: string; sellerProceeds: string } }[]>`
      select auction_id, fees from escrow_transactions where auction_id in ${ctx.sql([before, after])} order by auction_id`;
    expect(fees.map((f) => f.fees.sellersCommission)).toEqual(['1500.00', '5000.00']);
    expect(fees[1]!.fees.sellerProceeds).toBe('44250.00');
    await patch(admin.cookie, { commissionRatePct: 3 });
  });
});
