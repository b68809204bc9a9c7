// The platform's closed sales are kept in memory by each API process and reach every process's valuations as soon as
// Postgres announces a change, whoever made it.
import type { FastifyInstance } from 'fastify';
import type { TransactionSql } from 'postgres';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createSql, type Sql } from '@app/infra';
import { ValuationResponseSchema } from '@app/shared';
import { buildApp } from '../src/app.js';
import { ORIGIN, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let otherSql: Sql;
/** A second API process on the same database: its own pool and its own listening connection. */
let other: FastifyInstance;
beforeAll(async () => {
  ctx = await startTestApp();
  otherSql = createSql(ctx.databaseUrl, { max: 2 });
  other = await buildApp(ctx.config, { sql: otherSql, redis: ctx.redis });
});
afterAll(async () => {
  await other?.close();
  await otherSql?.end({ timeout: 1 });
  await ctx?.close();
});

/** A 2019 911 GT3 RS (the VIN pins the trim): the platform's sale of such a car is its closest comparable. */
async function platformSalesIn(app: FastifyInstance): Promise<string[]> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/estimate-value',
    headers: { origin: ORIGIN },
    payload: { vin: 'WP0AC2A99KS149000', mileage: 6000, zip: '48226' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ValuationResponseSchema.parse(res.json())
    .valuation.comparables.filter((c) => c.kind === 'platform sale')
    .map((c) => c.price);
}

let vin = 0;
async function soldAuction(sql: Sql | TransactionSql, price: string): Promise<number> {
  vin += 1;
  const [car] = await sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, trim, mileage, condition)
    values (${`WP0AC2A9XKS${String(vin).padStart(6, '0')}`}, 2019, 'Porsche', '911', 'GT3 RS', 5000, 'Excellent') returning id`;
  const [a] = await sql<{ id: number }[]>`
    insert into auctions (car_id, starting_bid, current_bid, start_time, end_time, is_active, location, status, winning_amount, closed_at)
    values (${car!.id}, 100000, ${price}, now() - interval '7 days', now() - interval '1 day', false, 'Detroit, MI', 'sold', ${price}, now() - interval '1 day')
    returning id`;
  return a!.id;
}

const soon = { timeout: 15_000, interval: 50 };

it('a sale closed elsewhere joins the next valuations of every process, and leaves them when it stops being a sale', async () => {
  expect(await platformSalesIn(ctx.app)).toEqual([]);
  expect(await platformSalesIn(other)).toEqual([]);
  const auctionId = await soldAuction(ctx.sql, '412000.00');
  await vi.waitFor(async () => expect(await platformSalesIn(other)).toEqual(['412000.00']), soon);
  await vi.waitFor(async () => expect(await platformSalesIn(ctx.app)).toEqual(['412000.00']), soon);
  // A bid or any other write to the auction leaves the kept sales alone; a sale that is undone does not.
  await ctx.sql`update auctions set status = 'reserve-not-met', winning_amount = null where id = ${auctionId}`;
  await vi.waitFor(async () => expect(await platformSalesIn(other)).toEqual([]), soon);
});

it('valuations use the sales kept in memory until Postgres announces a change', async () => {
  const before = await platformSalesIn(ctx.app);
  // Written with triggers off, as if its announcement were lost: the kept sales are still served.
  await ctx.sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await soldAuction(tx, '398000.00');
  });
  expect(await platformSalesIn(ctx.app)).toEqual(before);
  await ctx.sql`select pg_notify('platform_sales', '')`;
  await vi.waitFor(async () => expect(await platformSalesIn(ctx.app)).toEqual([...before, '398000.00']), soon);
});
