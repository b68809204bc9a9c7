import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminSettingsResponseSchema,
  FEATURE_OFF_TEXT,
  FEE_SCHEDULE,
  PHOTO_TEXTS,
  PublicMarketplaceSettingsSchema,
} from '@app/shared';
import {
  createAdminSession,
  createAuction,
  createUserSession,
  jsonHeaders,
  startTestApp,
  type TestContext,
} from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const patch = (cookie: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: jsonHeaders(cookie), payload });
const buy = (cookie: string, auctionId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/auctions/${auctionId}/buy-now`,
    headers: jsonHeaders(cookie),
    payload: {},
  });

const features = (res: { json(): unknown }) => PublicMarketplaceSettingsSchema.parse(res.json()).features;

describe('marketplace settings', () => {
  it('turning Buy It Now off makes buy-now 403 and tells pages to hide it; turning it on again lets the sale through; each change is audited', async () => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const buyer = await createUserSession(ctx.app, ctx.sql);
    const auctionId = await createAuction(ctx.sql, { auctionType: 'buy-it-now', buyItNowPrice: '40000.00' });
    expect(features(await ctx.app.inject({ url: '/api/settings/marketplace' }))).toMatchObject({ buyItNow: true });

    const off = await patch(admin.cookie, { features: { buyItNow: false } });
    expect(off.statusCode).toBe(200);
    const body = AdminSettingsResponseSchema.parse(off.json());
    expect(body.settings.features).toEqual({
      aiValuation: true,
      buyItNow: false,
      tradeIn: true,
      premiumListings: true,
    });
    expect(body.audit[0]).toMatchObject({
      adminName: 'Test Admin',
      action: 'setting.changed',
      subject: 'features',
      details: { from: { buyItNow: true }, to: { buyItNow: false } },
    });
    expect(features(await ctx.app.inject({ url: '/api/settings/marketplace' }))).toMatchObject({ buyItNow: false });

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
    expect(AdminSettingsResponseSchema.parse(res.json()).settings).toMatchObject({
      defaultDurationDays: 10,
      commissionRatePct: 7,
    });
    const read = AdminSettingsResponseSchema.parse(
      (await ctx.app.inject({ url: '/api/admin/settings', headers: { cookie: admin.cookie } })).json(),
    );
    expect(read.settings).toMatchObject({ defaultDurationDays: 10, commissionRatePct: 7 });
    expect(
      read.audit
        .map((a) => a.subject)
        .slice(0, 2)
        .sort(),
    ).toEqual(['commissionRatePct', 'defaultDurationDays']);
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
    await Promise.all([
      patch(a.cookie, { features: { tradeIn: false } }),
      patch(b.cookie, { features: { premiumListings: false } }),
    ]);
    expect(features(await ctx.app.inject({ url: '/api/settings/marketplace' }))).toMatchObject({
      tradeIn: false,
      premiumListings: false,
    });
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
    // What the pages compute money owed with: the same schedule the next escrow is opened with.
    const published = PublicMarketplaceSettingsSchema.parse(
      (await ctx.app.inject({ url: '/api/settings/marketplace' })).json(),
    ).fees;
    expect(published).toEqual({ ...FEE_SCHEDULE, sellersCommissionBps: 1000 });
    expect((await buy(buyer.cookie, after)).statusCode).toBe(201);
    const fees = await ctx.sql<{ auctionId: number; fees: { sellersCommission: string; sellerProceeds: string } }[]>`
      select auction_id, fees from escrow_transactions where auction_id in ${ctx.sql([before, after])} order by auction_id`;
    expect(fees.map((f) => f.fees.sellersCommission)).toEqual(['1500.00', '5000.00']);
    expect(fees[1]!.fees.sellerProceeds).toBe('44250.00');
    expect(fees[1]!.fees).toMatchObject({ schedule: published });
    await patch(admin.cookie, { commissionRatePct: 3 });
  });
});

/** A car of the seller's own with a description, not in any auction, so it can be submitted or valued. */
async function ownCar(seller: { id: number }): Promise<number> {
  const auctionId = await createAuction(ctx.sql, { ownerId: seller.id });
  const [car] = await ctx.sql<{ carId: number }[]>`
    with gone as (delete from auctions where id = ${auctionId} returning car_id)
    update cars set description = 'One owner, full service history, no accidents.' from gone where cars.id = gone.car_id returning cars.id as car_id`;
  return car!.carId;
}
const submitAuction = (seller: { cookie: string }, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auction-requests',
    headers: jsonHeaders(seller.cookie),
    payload: { startingBid: 20000, location: 'Detroit, MI', ...payload },
  });

describe('default auction duration', () => {
  const DAY_MS = 86_400_000;
  async function submitted(seller: { id: number; cookie: string }, durationDays?: number): Promise<number> {
    const res = await submitAuction(seller, {
      carId: await ownCar(seller),
      ...(durationDays === undefined ? {} : { durationDays }),
    });
    expect(res.statusCode).toBe(201);
    return res.json().auctionId;
  }
  const approve = async (admin: { cookie: string }, auctionId: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/auctions/${auctionId}/approve`,
      headers: jsonHeaders(admin.cookie),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.sql<
      { days: number }[]
    >`select extract(epoch from end_time - start_time)::float8 / 86400 as days from auctions where id = ${auctionId}`;
    return { endTime: Date.parse(res.json().endTime), days: row!.days };
  };

  it('an auction submitted without a duration runs for the default in force when it is approved; a chosen duration is kept', async () => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const seller = await createUserSession(ctx.app, ctx.sql);
    await patch(admin.cookie, { defaultDurationDays: 7 });
    const leftToDefault = await submitted(seller);
    const chosen = await submitted(seller, 3);
    // The default changes between submission and approval: the approval's default applies.
    expect((await patch(admin.cookie, { defaultDurationDays: 10 })).statusCode).toBe(200);
    expect(
      PublicMarketplaceSettingsSchema.parse((await ctx.app.inject({ url: '/api/settings/marketplace' })).json())
        .defaultDurationDays,
    ).toBe(10);

    const before = Date.now();
    const byDefault = await approve(admin, leftToDefault);
    expect(byDefault.days).toBe(10);
    expect(byDefault.endTime - before).toBeGreaterThan(10 * DAY_MS - 60_000);
    expect(byDefault.endTime - before).toBeLessThan(10 * DAY_MS + 60_000);
    expect((await approve(admin, chosen)).days).toBe(3);
    await patch(admin.cookie, { defaultDurationDays: 7 });
  });
});

describe('feature toggles', () => {
  const turn = async (features: Record<string, boolean>) => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    expect((await patch(admin.cookie, { features })).statusCode).toBe(200);
  };

  it("AI valuation off: the valuation page and a seller's car valuation are refused with 403 and nothing is stored; on again, valuations run", async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const carId = await ownCar(seller);
    const valueCar = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/cars/${carId}/ai-valuation`,
        headers: jsonHeaders(seller.cookie),
        payload: {},
      });
    await turn({ aiValuation: false });
    const page = await ctx.app.inject({
      method: 'POST',
      url: '/api/estimate-value',
      headers: jsonHeaders(),
      payload: { vin: 'WP0AC2A99KS149000', mileage: 6000, zip: '48104' },
    });
    expect([page.statusCode, page.json()]).toEqual([403, { error: FEATURE_OFF_TEXT.aiValuation }]);
    const own = await valueCar();
    expect([own.statusCode, own.json()]).toEqual([403, { error: FEATURE_OFF_TEXT.aiValuation }]);
    expect((await ctx.sql`select ai_estimated_value from cars where id = ${carId}`)[0]!.aiEstimatedValue).toBeNull();
    await turn({ aiValuation: true });
    expect((await valueCar()).statusCode).toBe(200);
    expect(
      (await ctx.sql`select ai_estimated_value from cars where id = ${carId}`)[0]!.aiEstimatedValue,
    ).not.toBeNull();
  });

  it("trade-in off: a new evaluation is refused with 403, stores nothing and keeps the wizard's draft; on again, the request is examined", async () => {
    const owner = await createUserSession(ctx.app, ctx.sql);
    await ctx.sql`insert into trade_in_drafts (user_id, draft) values (${owner.id}, ${ctx.sql.json({ step: 4 })})`;
    // Title photos this owner never uploaded: refused as such once past the feature check, so no VIN is decoded.
    const body = {
      vin: 'WP0AC2A99KS149000',
      mileage: 6000,
      condition: 'good',
      titlePhotos: [`/uploads/${'a'.repeat(32)}.png`],
    };
    const evaluate = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/trade-in/evaluate',
        headers: jsonHeaders(owner.cookie),
        payload: body,
      });
    await turn({ tradeIn: false });
    const refused = await evaluate();
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: FEATURE_OFF_TEXT.tradeIn }]);
    expect((await ctx.sql`select 1 from trade_in_evaluations where user_id = ${owner.id}`).length).toBe(0);
    expect((await ctx.sql`select 1 from trade_in_drafts where user_id = ${owner.id}`).length).toBe(1);
    await turn({ tradeIn: true });
    const examined = await evaluate();
    expect([examined.statusCode, examined.json().error]).toEqual([400, PHOTO_TEXTS.notYours]);
  });

  it('premium listings off: a members-only submission is refused with 403 and no auction is created; an open one still goes through; on again, members-only is accepted', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const [first, second] = [await ownCar(seller), await ownCar(seller)];
    await turn({ premiumListings: false });
    const refused = await submitAuction(seller, { carId: first, isPremiumOnly: true });
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: FEATURE_OFF_TEXT.premiumListings }]);
    expect((await ctx.sql`select 1 from auctions where car_id = ${first}`).length).toBe(0);
    expect((await submitAuction(seller, { carId: second, isPremiumOnly: false })).statusCode).toBe(201);
    await turn({ premiumListings: true });
    const accepted = await submitAuction(seller, { carId: first, isPremiumOnly: true });
    expect(accepted.statusCode).toBe(201);
    expect(
      (await ctx.sql`select is_premium_only from auctions where id = ${accepted.json().auctionId}`)[0]!.isPremiumOnly,
    ).toBe(true);
  });
});
