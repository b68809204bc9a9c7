// A member's saved searches: at most SAVED_SEARCH_LIMIT even when saved all at once, listed with their current
// matches, deleted only by their owner.
import { expect, it } from 'vitest';
import { SAVED_SEARCH_LIMIT, type SearchFilters } from '@app/shared';
import { deleteSavedSearch, listSavedSearches, saveSearch } from '../../src/saved-searches/saved-searches.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();
const any: SearchFilters = { category: 'all', q: '', make: '' };

it(`keeps at most ${SAVED_SEARCH_LIMIT} searches per member when more are saved at once`, async () => {
  const member = await createUser(ctx.sql);
  const results = await Promise.allSettled(
    Array.from({ length: SAVED_SEARCH_LIMIT + 5 }, (_, i) =>
      saveSearch(ctx.sql, member.id, { name: `Search ${i}`, filters: { ...any, minYear: 1950 + i } }),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(SAVED_SEARCH_LIMIT);
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(refused.map((r) => (r.reason as { status: number }).status)).toEqual([409, 409, 409, 409, 409]);
  expect(await listSavedSearches(ctx.sql, member.id)).toHaveLength(SAVED_SEARCH_LIMIT);
});

it('refuses a search that narrows nothing', async () => {
  const member = await createUser(ctx.sql);
  await expect(saveSearch(ctx.sql, member.id, { name: 'Everything', filters: any })).rejects.toMatchObject({
    status: 400,
  });
});

it('lists searches with their live matches, and deletes only the owner’s', async () => {
  const member = await createUser(ctx.sql);
  const stranger = await createUser(ctx.sql);
  const make = `Make${Date.now()}`;
  await createAuction(ctx.sql, { make, startingBid: '30000.00' });
  await createAuction(ctx.sql, { make, startingBid: '90000.00' });
  await createAuction(ctx.sql, { make, status: 'sold', winningAmount: '30000.00' });
  const all = await saveSearch(ctx.sql, member.id, { name: 'All of them', filters: { ...any, make } });
  const cheap = await saveSearch(ctx.sql, member.id, { name: 'Cheap', filters: { ...any, make, maxPrice: 50_000 } });
  expect([all.matches, cheap.matches]).toEqual([2, 1]);
  expect((await listSavedSearches(ctx.sql, member.id)).map((s) => [s.name, s.matches])).toEqual([
    ['Cheap', 1],
    ['All of them', 2],
  ]);
  await expect(deleteSavedSearch(ctx.sql, stranger.id, cheap.id)).rejects.toMatchObject({ status: 404 });
  await deleteSavedSearch(ctx.sql, member.id, cheap.id);
  expect((await listSavedSearches(ctx.sql, member.id)).map((s) => s.name)).toEqual(['All of them']);
});
