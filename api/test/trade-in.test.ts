import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_TEXTS,
  TradeInEvaluationsResponseSchema,
  TradeInResultSchema,
  ValuationResponseSchema,
  utcDate,
  type ComparableReport,
} from '@app/shared';
import { createUserSession, jsonHeaders, startTestApp, uploadPhoto, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const picture = sharp({ create: { width: 64, height: 48, channels: 3, background: '#2c3e50' } });
type Owner = Awaited<ReturnType<typeof createUserSession>>;
const upload = async (owner: Owner, kind: 'png' | 'jpeg' | 'webp') => {
  const bytes = await picture.clone()[kind]().toBuffer();
  const res = await uploadPhoto(ctx.app, owner.cookie, bytes, `a.${kind}`, `image/${kind}`);
  expect(res.statusCode).toBe(201);
  return res.json().url as string;
};
const post = (owner: Owner, url: string, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: jsonHeaders(owner.cookie),
    ...(payload ? { payload } : { payload: {} }),
  });
const evaluate = (owner: Owner, payload: object) => post(owner, '/api/trade-in/evaluate', payload);
// A 2019 911 GT3 RS: the VIN pins the trim and the market data has many such sales.
const car = {
  vin: 'wp0ac2a99ks149000',
  mileage: '6000',
  condition: 'good',
  exteriorColor: 'Guards Red',
  interiorColor: 'Black',
};
const today = () => utcDate(new Date());
const yesterday = () => utcDate(new Date(Date.now() - 86_400_000));

async function offered(owner: Owner) {
  const res = await evaluate(owner, {
    ...car,
    photos: [await upload(owner, 'jpeg')],
    titlePhotos: [await upload(owner, 'png')],
  });
  expect(res.statusCode).toBe(201);
  return TradeInResultSchema.parse(res.json());
}

describe('trade-in evaluation', () => {
  it('values the car with the valuation model, stores the evaluation and a firm offer valid 7 days', async () => {
    const owner = await createUserSession(ctx.app, ctx.sql);
    const before = Date.now();
    const r = await offered(owner);
    expect(r.vehicle).toMatchObject({
      vin: 'WP0AC2A99KS149000',
      year: 2019,
      make: 'Porsche',
      model: '911',
      trim: 'GT3 RS',
    });
    const value = Number(r.estimatedValue);
    expect(value).toBeGreaterThan(100_000);
    const b = r.valueBreakdown;
    // The breakdown adds up to the estimate, and the offer is the estimate less the documented 12% margin.
    expect(
      Math.round(
        (Number(b.baseValue) +
          Number(b.conditionAdjustment) +
          Number(b.mileageAdjustment) +
          Number(b.marketAdjustment)) *
          100,
      ),
    ).toBe(Math.round(value * 100));
    expect(Number(r.offerBreakdown.margin)).toBeCloseTo(value * 0.12, 0);
    expect(Number(r.offerAmount)).toBe(Math.floor(value - Number(r.offerBreakdown.margin)));
    const expiresIn = Date.parse(r.offerExpiresAt) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(expiresIn).toBeLessThan(7 * 86_400_000 + 60_000);
    expect(r.marketAnalysis.demand_level).toMatch(/^(High|Moderate|Low): \d+ comparable sales? in the last 12 months$/);
    expect(r.marketAnalysis.condition_impact).toMatch(/^Good condition: 0%/);
    expect(r.offer).toMatchObject({ status: 'active', offerAmount: r.offerAmount, acceptedAt: null });
    const [row] =
      await ctx.sql`select e.user_id, e.status, e.offer_amount, e.estimated_value, o.valid_until from trade_in_evaluations e join trade_in_offers o on o.evaluation_id = e.id where e.id = ${r.evaluationId}`;
    expect(row).toMatchObject({
      userId: owner.id,
      status: 'offered',
      offerAmount: r.offerAmount,
      estimatedValue: r.estimatedValue,
    });
  });

  it('lists the comparables and the basis of the same valuation the valuation page gives for the car', async () => {
    const owner = await createUserSession(ctx.app, ctx.sql);
    const r = await offered(owner);
    const page = await post(owner, '/api/estimate-value', { vin: car.vin, mileage: car.mileage, zip: '90210' });
    expect(page.statusCode).toBe(200);
    const valuation = ValuationResponseSchema.parse(page.json()).valuation;
    // Weights and adjusted prices move with the clock between the two calls; which sales were used does not.
    const sales = (list: ComparableReport[]) =>
      list.map(({ year, make, model, trim, mileage, price, date, kind }) => ({
        year,
        make,
        model,
        trim,
        mileage,
        price,
        date,
        kind,
      }));
    expect(r.comparables.length).toBeGreaterThan(0);
    expect(sales(r.comparables)).toEqual(sales(valuation.comparables));
    expect(r.comparables.every((c) => c.model === '911')).toBe(true);
    expect(r.basis).toBe(valuation.basis);
    expect(r.basis).toMatch(/^\d+ comparable sales?, model years /);
  });

  it('with a lien pays the 10-day payoff out of the offer', async () => {
    const owner = await createUserSession(ctx.app, ctx.sql);
    const lien = {
      hasLien: true,
      lienholderName: 'Ally Financial',
      payoffAmount: '20000.00',
      payoffPerDiem: '12.50',
      payoffValidDate: today(),
    };
    const res = await evaluate(owner, { ...car, ...lien });
    expect(res.statusCode).toBe(201);
    const r = TradeInResultSchema.parse(res.json());
    expect(r.offerBreakdown.lienPayoff).toBe('20125.00');
    expect(Number(r.offerAmount)).toBe(Math.floor(Number(r.estimatedValue) - Number(r.offerBreakdown.margin) - 20125));
    expect(r.offer.terms).toContain('Ally Financial the 10-day payoff of $20,125');
    const [row] =
      await ctx.sql`select payoff_per_diem, payoff_valid_date::text as d from trade_in_evaluations where id = ${r.evaluationId}`;
    expect(row).toMatchObject({ payoffPerDiem: '12.50', d: today() });
  });

  it('refuses incomplete or wrong ownership details with 400 and the reason, storing nothing', async () => {
    const owner = await createUserSession(ctx.app, ctx.sql);
    const lien = {
      hasLien: true,
      lienholderName: 'Ally Financial',
      payoffAmount: '20000.00',
      payoffPerDiem: '12.50',
      payoffValidDate: today(),
    };
    const cases: [object, string][] = [
      [{ ...car }, 'Without a lien, upload at least one title photo'],
      [{ ...car, hasLien: true }, 'Lienholder name is required when there is a lien'],
      [{ ...car, ...lien, payoffValidDate: yesterday() }, 'Payoff valid-through date cannot be before today'],
      // A day no calendar has is refused, not rolled over to 2 March.
      [{ ...car, ...lien, payoffValidDate: `${new Date().getUTCFullYear() + 1}-02-30` }, 'must be a date (YYYY-MM-DD)'],
      [{ ...car, ...lien, payoffValidDate: `${new Date().getUTCFullYear() + 1}-13-01` }, 'must be a date (YYYY-MM-DD)'],
      [
        { ...car, ...lien, payoffPerDiem: '12.505' },
        'Per diem must be an amount with at most two decimals, below 1000',
      ],
      [{ ...car, titlePhotos: [await upload(owner, 'webp')] }, 'Title photos must be PNG or JPG images up to 10 MB'],
      [
        { ...car, condition: 'mint', titlePhotos: [await upload(owner, 'png')] },
        'Condition must be one of excellent, good, fair, poor',
      ],
      [{ ...car, vin: 'WP0AC2A99KS14900', titlePhotos: [await upload(owner, 'png')] }, 'VIN must be 17 characters'],
      [{ ...car, vin: '1HGCM82643A004352', titlePhotos: [await upload(owner, 'png')] }, 'check digit'],
      [
        { ...car, vin: 'WP0AC2A99KS14900O', titlePhotos: [await upload(owner, 'png')] },
        'VIN may not contain I, O or Q',
      ],
      [{ ...car, mileage: 'lots', titlePhotos: [await upload(owner, 'png')] }, 'Mileage must be a whole number'],
    ];
    for (const [payload, reason] of cases) {
      const res = await evaluate(owner, payload);
      expect(res.statusCode, reason).toBe(400);
      expect(JSON.stringify(res.json().issues ?? res.json().error)).toContain(reason);
    }
    // A photo someone else uploaded is not the owner's to put on a trade-in.
    const stranger = await createUserSession(ctx.app, ctx.sql);
    const theirs = await evaluate(owner, { ...car, titlePhotos: [await upload(stranger, 'png')] });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error).toBe(PHOTO_TEXTS.notYours);
    expect((await ctx.sql`select 1 from trade_in_evaluations where user_id = ${owner.id}`).length).toBe(0);
  });

  it('takes the user from the session: signed out is 401, another userId is 403', async () => {
    const owner = await createUserSession(ctx.app, ctx.sql);
    const body = { ...car, titlePhotos: [await upload(owner, 'png')] };
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/trade-in/evaluate', headers: jsonHeaders(), payload: body }))
        .statusCode,
    ).toBe(401);
    expect((await evaluate(owner, { ...body, userId: owner.id + 1000 })).statusCode).toBe(403);
  });
});

describe('answering an offer', () => {
  it('two accepts racing: exactly one succeeds, the other is 409, and the owner sees it accepted', async () => {
    const owner = await createUserSession(ctx.app, ctx.sql);
    const r = await offered(owner);
    const url = `/api/trade-in/offers/${r.offer.id}/accept`;
    const answers = await Promise.all([
      post(owner, url),
      post(owner, url),
      post(owner, `/api/trade-in/offers/${r.offer.id}/decline`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json().offer;
    const list = TradeInEvaluationsResponseSchema.parse(
      (await ctx.app.inject({ url: '/api/trade-in/evaluations', headers: { cookie: owner.cookie } })).json(),
    );
    expect(list.evaluations[0]).toMatchObject({
      id: r.evaluationId,
      status: won.status,
      offer: { id: r.offer.id, status: won.status },
    });
    expect((await post(owner, url)).statusCode).toBe(409);
  });

  it('an offer past its deadline cannot be accepted (409) even before the sweep marks it, and only its owner may answer it', async () => {
    const owner = await createUserSession(ctx.app, ctx.sql);
    const r = await offered(owner);
    const stranger = await createUserSession(ctx.app, ctx.sql);
    expect((await post(stranger, `/api/trade-in/offers/${r.offer.id}/accept`)).statusCode).toBe(404);
    await ctx.sql`update trade_in_offers set valid_until = now() - interval '1 second' where id = ${r.offer.id}`;
    const late = await post(owner, `/api/trade-in/offers/${r.offer.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'This offer has expired' });
    expect((await post(owner, '/api/trade-in/offers/abc/accept')).statusCode).toBe(400);
  });
});

describe('decoding a typed VIN', () => {
  it('fills year, make and model offline, and refuses a bad VIN with its reason', async () => {
    const owner = await createUserSession(ctx.app, ctx.sql);
    const res = await post(owner, '/api/vin/decode', { vin: 'wp0ac2a99ks149000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      vin: 'WP0AC2A99KS149000',
      vehicle: { year: 2019, make: 'Porsche', model: '911' },
    });
    const bad = await post(owner, '/api/vin/decode', { vin: '1HGCM82643A004352' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('check digit');
  });
});

describe('the wizard draft', () => {
  it('is kept per user, refuses junk, and is cleared by a finished evaluation', async () => {
    const owner = await createUserSession(ctx.app, ctx.sql);
    const other = await createUserSession(ctx.app, ctx.sql);
    const draft = {
      step: 2,
      vin: 'WP0AC2A99KS149000',
      mileage: '6000',
      condition: 'good',
      trim: '',
      exteriorColor: 'Red',
      interiorColor: '',
      notes: '',
      photos: [],
      hasLien: false,
      titlePhotos: [],
      lienholderName: '',
      payoffAmount: '',
      payoffPerDiem: '',
      payoffValidDate: '',
      lienholderContact: '',
      lienholderAddress: '',
    };
    const put = (who: Owner, body: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/trade-in/draft', headers: jsonHeaders(who.cookie), payload: body });
    const get = async (who: Owner) =>
      (await ctx.app.inject({ url: '/api/trade-in/draft', headers: { cookie: who.cookie } })).json();
    expect((await put(owner, { draft })).statusCode).toBe(204);
    expect(await get(owner)).toEqual({ draft });
    expect(await get(other)).toEqual({ draft: null });
    expect((await put(owner, { draft: { ...draft, step: 9 } })).statusCode).toBe(400);
    expect((await put(owner, { draft: { ...draft, photos: ['https://evil.example/x.png'] } })).statusCode).toBe(400);
    await offered(owner);
    expect(await get(owner)).toEqual({ draft: null });
  });
});
