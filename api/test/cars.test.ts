import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '@app/infra';
import { ValuationResponseSchema } from '@app/shared';
import { barcodePng } from '../../infra/test-support/barcodes.js';
import { createUserSession, jsonHeaders, startTestApp, uploadPhoto, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
  await seed(ctx.sql); // brings the sample sale history the valuation learns from
});
afterAll(async () => ctx?.close());

const car = { vin: 'WP0AB2A99MS123456', year: 2021, make: 'Porsche', model: '911 Carrera S', mileage: 18000, condition: 'Very Good', description: 'Clean' };

describe('listing a car and valuing it', () => {
  it('creates a car owned by the session user and values it from comparable sales; only the owner may value it', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const images = [(await uploadPhoto(ctx.app, seller.cookie, await barcodePng('CAR', 'Code128'))).json().url];
    const created = await ctx.app.inject({ method: 'POST', url: '/api/cars', headers: jsonHeaders(seller.cookie), payload: { ...car, images } });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const [row] = await ctx.sql<{ ownerId: number }[]>`select owner_id from cars where id = ${id}`;
    expect(row!.ownerId).toBe(seller.id);

    const stranger = await createUserSession(ctx.app, ctx.sql);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/cars/${id}/ai-valuation`, headers: jsonHeaders(stranger.cookie) })).statusCode).toBe(404);

    const valued = await ctx.app.inject({ method: 'POST', url: `/api/cars/${id}/ai-valuation`, headers: jsonHeaders(seller.cookie) });
    expect(valued.statusCode).toBe(200);
    const v = valued.json();
    expect(v.comparablesUsed).toBeGreaterThan(0);
    expect(Number(v.aiEstimatedValue)).toBeGreaterThan(60_000);
    expect(v.aiConfidence).toBeGreaterThan(50);
    expect(v.aiDaysToSell).toMatch(/^\d+ days$/);
  });

  it('refuses a duplicate VIN with 409, a VIN with I/O/Q or the wrong length with 400, and no images with the spec message', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const images = [(await uploadPhoto(ctx.app, seller.cookie, await barcodePng('CAR', 'Code128'))).json().url];
    const post = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/cars', headers: jsonHeaders(seller.cookie), payload: { images, ...payload } });
    expect((await post({ ...car, vin: 'WP0AB2A99MS654321' })).statusCode).toBe(201);
    expect((await post({ ...car, vin: 'WP0AB2A99MS654321' })).statusCode).toBe(409);
    expect((await post({ ...car, vin: 'WP0AB2A99MSI54321' })).statusCode).toBe(400);
    expect((await post({ ...car, vin: 'SHORT' })).statusCode).toBe(400);
    const noImages = await post({ ...car, vin: 'WP0AB2A99MS777777', images: [] });
    expect(noImages.statusCode).toBe(400);
    expect(noImages.json().issues[0].message).toBe('At least one image is required');
  });
});

describe('estimating a value from a VIN', () => {
  it('decodes the VIN offline and answers in the valuation response shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/estimate-value', headers: { origin: 'http://localhost:3000' },
      payload: { vin: ' 1hgcm82633a004352 ', mileage: 120000, zip: '48226' },
    });
    expect(res.statusCode).toBe(200);
    const body = ValuationResponseSchema.parse(res.json());
    expect(body.vehicle_details).toMatchObject({ year: 2003, make: 'Honda', model: 'Accord', body_class: 'Coupe' });
    expect(body.estimated_value_range).toMatch(/^\$[\d,]+ - \$[\d,]+$/);
    expect(body.confidence).toMatch(/^\d+%/);
  }, 60_000);

  it('refuses a VIN with a wrong check digit with 400 and a clear message', async () => {
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/estimate-value', headers: { origin: 'http://localhost:3000' },
      payload: { vin: '1HGCM82643A004352', mileage: 1000, zip: '48226' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/check digit/);
  });
});
