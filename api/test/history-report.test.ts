import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '@app/infra';
import { VehicleHistoryReportSchema } from '@app/shared';
import { HistoryUnavailable } from '@app/core/history';
import { createUserSession, jsonHeaders, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
  await seed(ctx.sql);
});
afterAll(async () => ctx?.close());

const ask = (vin: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/carfax-report', headers: jsonHeaders(), payload: { vin } });

describe('vehicle history report', () => {
  it('on a seeded listing sold here, shows the sale in the ownership history as a platform fact and labels the rest sample data', async () => {
    const [listing] = await ctx.sql<{ auctionId: number; vin: string; mileage: number }[]>`
      select a.id as auction_id, c.vin, c.mileage from auctions a join cars c on c.id = a.car_id
      where a.status = 'active' and a.buy_it_now_price is not null and not a.is_premium_only and c.vin ~ '^[0-9]' order by a.id limit 1`;
    expect(listing).toBeDefined();
    const before = VehicleHistoryReportSchema.parse((await ask(listing!.vin)).json());
    expect(before.provider).toBe('platform');
    expect(before.ownershipHistory.filter((o) => o.source === 'platform').map((o) => o.ownerType)).toEqual([
      'Seller (listed on this marketplace)',
    ]);

    const buyer = await createUserSession(ctx.app, ctx.sql);
    const bought = await ctx.app.inject({
      method: 'POST',
      url: `/api/auctions/${listing!.auctionId}/buy-now`,
      headers: jsonHeaders(buyer.cookie),
      payload: {},
    });
    expect(bought.statusCode).toBe(201);
    // The cached report is for the car as it was; a fresh one is asked for once it expires.
    await ctx.sql`update vehicle_history_reports set expires_at = now() where vin = ${listing!.vin}`;
    const res = await ask(listing!.vin.toLowerCase());
    expect(res.statusCode).toBe(200);
    const report = VehicleHistoryReportSchema.parse(res.json());
    const platform = report.ownershipHistory.filter((o) => o.source === 'platform');
    expect(platform.map((o) => o.ownerType)).toEqual([
      'Seller (listed on this marketplace)',
      'Buyer (Buy It Now on this marketplace, escrow pending)',
    ]);
    expect(platform[1]).toMatchObject({ mileageStart: listing!.mileage, mileageEnd: listing!.mileage });
    expect(report.sampleSections).toEqual(
      expect.arrayContaining(['recalls', 'serviceHistory', 'titleHistory', 'vehicleHistory']),
    );
    expect(report.serviceHistory.every((s) => s.source === 'sample')).toBe(true);
    expect(report.vehicle.make).not.toBeNull();
    expect(report.score).toBeGreaterThanOrEqual(0);
    // The sample part is the same every time for a VIN.
    await ctx.sql`update vehicle_history_reports set expires_at = now() where vin = ${listing!.vin}`;
    const again = VehicleHistoryReportSchema.parse((await ask(listing!.vin)).json());
    expect(again.serviceHistory).toEqual(report.serviceHistory);
    expect(again.recalls).toEqual(report.recalls);
  });

  it('is cached per VIN until it expires', async () => {
    const vin = 'WP0AC2A99KS149000';
    const first = (await ask(vin)).json();
    const second = (await ask(vin)).json();
    expect(second.generatedAt).toBe(first.generatedAt);
    const [row] = await ctx.sql<
      { ttl: number }[]
    >`select extract(epoch from expires_at - fetched_at)::int as ttl from vehicle_history_reports where vin = ${vin}`;
    expect(row!.ttl).toBe(3600);
    // The model values a 2019 911 GT3 RS: the market values are the model's, not sample data.
    expect(first.marketValue.retail).toBeGreaterThan(100_000);
    expect(first.marketValue.tradeIn).toBeLessThan(first.marketValue.retail);
    expect(first.marketValue.certified).toBeGreaterThan(first.marketValue.retail);
    expect(first.sampleSections).not.toContain('marketValue');
  });

  it("market values are the listing's AI value and follow it, cached report or not; an unvalued listing has none", async () => {
    const [car] = await ctx.sql<{ id: number; vin: string; aiEstimatedValue: string }[]>`
      select id, vin, ai_estimated_value from cars where ai_estimated_value is not null and vin ~ '^[0-9A-Z]' order by id limit 1`;
    const first = VehicleHistoryReportSchema.parse((await ask(car!.vin)).json());
    expect(first.marketValue).toMatchObject({ retail: Math.round(Number(car!.aiEstimatedValue)) });
    expect(first.marketValue!.tradeIn).toBeLessThan(first.marketValue!.retail);
    expect(first.marketValue!.certified).toBeGreaterThan(first.marketValue!.retail);

    await ctx.sql`update cars set ai_estimated_value = '150000.00' where id = ${car!.id}`;
    const revalued = VehicleHistoryReportSchema.parse((await ask(car!.vin)).json());
    expect(revalued.generatedAt).toBe(first.generatedAt);
    expect(revalued.marketValue).toEqual({ tradeIn: 132_000, retail: 150_000, certified: 160_500 });

    await ctx.sql`update cars set ai_estimated_value = null where id = ${car!.id}`;
    const unvalued = VehicleHistoryReportSchema.parse((await ask(car!.vin)).json());
    expect(unvalued.marketValue).toBeNull();
    await ctx.sql`update cars set ai_estimated_value = ${car!.aiEstimatedValue} where id = ${car!.id}`;
  });

  it('every seeded live car is listed with the model year its VIN decodes to (the Ferrari a 2019, not a 2022)', async () => {
    // The live listings (the seeded sales' VINs come from the same sampleVin, by their own years).
    const cars = await ctx.sql<{ vin: string; year: number }[]>`
      select c.vin, c.year from cars c join auctions a on a.car_id = c.id where a.status = 'active' order by c.id`;
    expect(cars.length).toBeGreaterThan(10);
    expect(cars.some((c) => c.vin.startsWith('ZFF') && c.year === 2019)).toBe(true);
    const decoded = await Promise.all(
      cars.map(async (car) => [car.vin, (await ctx.app.valuationDeps.vinDecoder.decode(car.vin)).year]),
    );
    expect(decoded).toEqual(cars.map((car) => [car.vin, car.year]));
  }, 120_000);

  it('refuses bad VINs with 400 and the reason', async () => {
    for (const [vin, reason] of [
      ['WP0AC2A99KS14900', 'VIN must be 17 characters'],
      ['1HGCM82643A004352', 'check digit'],
      ['WP0AC2A99KS14900Q', 'VIN may not contain I, O or Q'],
    ]) {
      const res = await ask(vin!);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(reason);
    }
  });

  it('a provider swapped in by HISTORY_PROVIDER changes the report; a failing provider is a 502 with its message', async () => {
    const fixture = await startTestApp({}, { HISTORY_PROVIDER: 'fixture' });
    try {
      const report = VehicleHistoryReportSchema.parse(
        (
          await fixture.app.inject({
            method: 'POST',
            url: '/api/carfax-report',
            headers: jsonHeaders(),
            payload: { vin: 'WP0AC2A99KS149000' },
          })
        ).json(),
      );
      expect(report).toMatchObject({ provider: 'fixture', score: 29, sampleSections: [] });
      expect(report.titleHistory.map((t) => t.titleType)).toEqual(['Clean', 'Rebuilt']);
      await fixture.rebuild({
        historyProvider: {
          name: 'down',
          report: () => Promise.reject(new HistoryUnavailable('No records service: try again later')),
        },
      });
      const res = await fixture.app.inject({
        method: 'POST',
        url: '/api/carfax-report',
        headers: jsonHeaders(),
        payload: { vin: 'WP0AC2A99KS149000' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: 'No records service: try again later' });
    } finally {
      await fixture.close();
    }
  });
});
