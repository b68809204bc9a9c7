// The platform's closed sales as comparables: sample sales left out, kept in memory per make once Postgres can announce
// a change, and dropped the moment it announces one.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { PlatformSales } from '../../src/valuation/platform-sales.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();
let sales: PlatformSales;
beforeAll(async () => {
  sales = new PlatformSales(ctx.sql);
  await sales.start();
});
afterAll(() => sales.stop());

const prices = async () => (await sales.forMake('Porsche')).map((s) => s.priceCents / 100).sort();

it('reads real sales of a make, never the seeded samples, and sees a new sale once it is announced', async () => {
  await vi.waitFor(async () => {
    await createAuction(ctx.sql, { make: 'Porsche', status: 'sold', winningAmount: '91000.00' });
    expect(await prices()).toContain(91_000);
  });
  const sample = await createAuction(ctx.sql, { make: 'Porsche', status: 'sold', winningAmount: '55000.00' });
  await ctx.sql`update auctions set is_sample = true where id = ${sample}`;
  expect(await prices()).not.toContain(55_000);
  const before = await prices();
  await createAuction(ctx.sql, { make: 'Porsche', status: 'sold', winningAmount: '120000.00' });
  await vi.waitFor(async () => expect(await prices()).toEqual([...before, 120_000].sort()));
  expect((await sales.forMake('Porsche'))[0]).toMatchObject({ kind: 'platform sale', make: 'Porsche' });
});
