import { afterAll, beforeAll, expect, it } from 'vitest';
import { streams } from '@app/shared';
import { barcodePng } from '../../infra/test-support/barcodes.js';
import {
  createAdminSession,
  createUserSession,
  jsonHeaders,
  ORIGIN,
  startTestApp,
  uploadPhoto,
  type TestContext,
} from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

it('a seller submits a car to auction; it stays hidden until an admin approves it, then it is live for the chosen duration', async () => {
  const seller = await createUserSession(ctx.app, ctx.sql);
  const car = await ctx.app.inject({
    method: 'POST',
    url: '/api/cars',
    headers: jsonHeaders(seller.cookie),
    payload: {
      vin: 'WBS8M9C50J5000001',
      year: 2018,
      make: 'BMW',
      model: 'M3',
      mileage: 30000,
      condition: 'Good',
      images: [(await uploadPhoto(ctx.app, seller.cookie, await barcodePng('M3', 'Code128'))).json().url],
    },
  });
  const carId = car.json().id;
  const submit = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/auction-requests', headers: jsonHeaders(seller.cookie), payload });
  // No description, no listing: buyers would see an empty one.
  const undescribed = await submit({
    carId,
    startingBid: 30000,
    reservePrice: 40000,
    durationDays: 7,
    location: 'Detroit, MI',
  });
  expect(undescribed.statusCode).toBe(400);
  expect(undescribed.json().error).toMatch(/^Describe the car in at least 20 characters/);
  await ctx.sql`update cars set description = 'Le Mans Blue, competition package, full service history.' where id = ${carId}`;
  expect((await submit({ carId, startingBid: 30000, durationDays: 5, location: 'Detroit, MI' })).statusCode).toBe(400);
  expect(
    (await submit({ carId, startingBid: 30000, buyItNowPrice: 20000, durationDays: 7, location: 'Detroit, MI' }))
      .statusCode,
  ).toBe(400);
  const ok = await submit({ carId, startingBid: 30000, reservePrice: 40000, durationDays: 7, location: 'Detroit, MI' });
  expect(ok.statusCode).toBe(201);
  const { auctionId } = ok.json();
  expect((await submit({ carId, startingBid: 30000, durationDays: 7, location: 'Detroit, MI' })).statusCode).toBe(409);
  const other = await createUserSession(ctx.app, ctx.sql);
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auction-requests',
        headers: jsonHeaders(other.cookie),
        payload: { carId, startingBid: 1, durationDays: 3, location: 'X' },
      })
    ).statusCode,
  ).toBe(404);

  expect((await ctx.app.inject({ url: `/api/auctions/${auctionId}` })).statusCode).toBe(404);
  expect((await ctx.app.inject({ url: '/api/auctions' })).json()).toEqual([]);

  expect(
    (await ctx.app.inject({ url: '/api/admin/pending-auctions', headers: { cookie: seller.cookie } })).statusCode,
  ).toBe(403);
  const admin = (await createAdminSession(ctx.app, ctx.sql)).cookie;
  const pending = (await ctx.app.inject({ url: '/api/admin/pending-auctions', headers: { cookie: admin } })).json();
  expect(pending.map((a: { id: number }) => a.id)).toEqual([auctionId]);
  const approved = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/auctions/${auctionId}/approve`,
    headers: { cookie: admin, origin: ORIGIN },
  });
  expect(approved.statusCode).toBe(200);
  expect(Date.parse(approved.json().endTime) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
  // The event the workers schedule the close job from.
  const opened = await ctx.sql<
    { payload: { type: string; endTime: string } }[]
  >`select payload from outbox where stream = ${streams.auction(auctionId)}`;
  expect(opened.map((r) => r.payload)).toEqual([
    expect.objectContaining({ type: 'auction.opened', endTime: approved.json().endTime }),
  ]);
  const live = (await ctx.app.inject({ url: '/api/auctions' })).json();
  expect(live.map((a: { id: number; auctionType: string }) => [a.id, a.auctionType])).toEqual([[auctionId, 'reserve']]);
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/auctions/${auctionId}/approve`,
        headers: { cookie: admin, origin: ORIGIN },
      })
    ).statusCode,
  ).toBe(404);
});

it('a starting bid below $1 or with cents is refused with 400 naming the starting bid, and nothing is submitted', async () => {
  const seller = await createUserSession(ctx.app, ctx.sql);
  const [car] = await ctx.sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, mileage, condition, images, description, owner_id)
    values ('WBS8M9C50J5000002', 2018, 'BMW', 'M3', 30000, 'Good', ${['/images/cars/coupe-red.svg']},
            'Le Mans Blue, competition package, full service history.', ${seller.id})
    returning id`;
  const submit = (startingBid: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auction-requests',
      headers: jsonHeaders(seller.cookie),
      payload: { carId: car!.id, startingBid, durationDays: 7, location: 'Detroit, MI' },
    });
  const wholeDollars = 'Starting bid must be a whole-dollar amount of at least $1';
  const cases: [unknown, string][] = [
    ['0.50', wholeDollars],
    [0.99, wholeDollars],
    [0, wholeDollars],
    ['30000.50', wholeDollars],
    [30000.01, wholeDollars],
    ['-5', 'must be an amount in dollars with at most two decimals'],
  ];
  for (const [startingBid, message] of cases) {
    const res = await submit(startingBid);
    expect(res.statusCode, String(startingBid)).toBe(400);
    expect(res.json().issues, String(startingBid)).toContainEqual(
      expect.objectContaining({ path: ['startingBid'], message }),
    );
  }
  expect(await ctx.sql`select 1 from auctions where car_id = ${car!.id}`).toEqual([]);
  // The lowest allowed: one whole dollar.
  expect((await submit('1')).statusCode).toBe(201);
});
