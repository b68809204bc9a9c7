// The list query's SQL and the shared matching rule (matchesSearch) give the same answers: for each filter set, the
// live list narrowed in SQL is the whole live list narrowed by the rule.
import { expect, it } from 'vitest';
import { SearchFiltersSchema, matchesSearch } from '@app/shared';
import { listAuctions } from '../../src/auctions/auction-read.js';
import { searchableAuction } from '../../src/saved-searches/saved-searches.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

it('narrows the list exactly as the matching rule does', async () => {
  const cars = [
    { make: 'Porsche', model: '911 Carrera', year: 2019, category: 'sports', startingBid: '55000.00' },
    { make: 'porsche', model: 'Cayenne', year: 2021, category: 'suv', startingBid: '60000.00' },
    { make: 'BMW', model: 'M4 Competition', year: 2022, category: 'sports', startingBid: '70000.00' },
    { make: 'Jaguar', model: 'E-Type 100%_', year: 1968, category: 'classic', startingBid: '150000.00' },
    // Bid on: its shown price is the current bid, not the starting bid.
    {
      make: 'Ford',
      model: 'Bronco',
      year: 1975,
      category: 'classic',
      startingBid: '20000.00',
      currentBid: '41000.00',
      bidCount: 3,
    },
  ];
  for (const c of cars) await createAuction(ctx.sql, c);
  await createAuction(ctx.sql, { make: 'Porsche', status: 'sold', winningAmount: '1.00' });
  const every = (await listAuctions(ctx.sql, { sort: 'ending-soon', view: 'live', ...SearchFiltersSchema.parse({}) }))
    .auctions;
  expect(every).toHaveLength(cars.length);

  const filterSets = [
    {},
    { make: 'PORSCHE' },
    { q: 'porsche 9' },
    { q: '100%_' },
    { category: 'classic', maxYear: 1970 },
    { minPrice: 55_000, maxPrice: 60_000 },
    { minPrice: 41_000, maxPrice: 41_000 },
    { minYear: 2020, category: 'sports' },
    { make: 'Ford', minPrice: 40_000 },
    { make: 'Ford', maxPrice: 39_999 },
    { make: 'Tesla' },
  ];
  for (const raw of filterSets) {
    const filters = SearchFiltersSchema.parse(raw);
    const inSql = (await listAuctions(ctx.sql, { sort: 'ending-soon', view: 'live', ...filters })).auctions;
    const byRule = every.filter((a) => matchesSearch(filters, searchableAuction(a)));
    expect(inSql.map((a) => a.id).sort(), JSON.stringify(raw)).toEqual(byRule.map((a) => a.id).sort());
  }
  // The rule is not vacuous: these filters find what they should.
  const count = (raw: object) =>
    every.filter((a) => matchesSearch(SearchFiltersSchema.parse(raw), searchableAuction(a))).length;
  expect([count({ make: 'porsche' }), count({ minPrice: 41_000, maxPrice: 41_000 }), count({ q: '100%_' })]).toEqual([
    2, 1, 1,
  ]);
});
