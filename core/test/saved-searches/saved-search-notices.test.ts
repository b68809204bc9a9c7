// A saved search hears of a newly approved listing it finds, once per search, however the approval event is handed
// over (replayed, or to two consumers at once); a listing it does not find, and the seller's own, tell no one.
import { expect, it } from 'vitest';
import type { DomainEvent, SearchFilters } from '@app/shared';
import { decideAuction } from '../../src/auctions/auction-approval.js';
import { deriveNotices } from '../../src/notices/derive-notices.js';
import { saveSearch } from '../../src/saved-searches/saved-searches.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();
const any: SearchFilters = { category: 'all', q: '', make: '' };

/** Approves a pending listing and returns the auction.opened event it published. */
async function approve(auctionId: number): Promise<DomainEvent> {
  await decideAuction(ctx, auctionId, true);
  const opened = (await ctx.published()).find((e) => e.type === 'auction.opened' && e.auctionId === auctionId);
  return opened!;
}

it('tells a matching search once, across a replay and two consumers racing, and never a search it does not match', async () => {
  const seller = await createUser(ctx.sql);
  const buyer = await createUser(ctx.sql);
  const other = await createUser(ctx.sql);
  const porsches = await saveSearch(ctx.sql, buyer.id, {
    name: 'Porsches under 60k',
    filters: { ...any, make: 'porsche', maxPrice: 60_000, minYear: 2015 },
  });
  const sports = await saveSearch(ctx.sql, buyer.id, { name: 'Sports', filters: { ...any, category: 'sports' } });
  await saveSearch(ctx.sql, other.id, { name: 'BMW', filters: { ...any, make: 'BMW' } });
  await saveSearch(ctx.sql, other.id, { name: 'Cheap', filters: { ...any, maxPrice: 20_000 } });
  // The seller's own search finds their car: they are not told of their own listing.
  await saveSearch(ctx.sql, seller.id, { name: 'Mine', filters: { ...any, q: '911' } });

  const auctionId = await createAuction(ctx.sql, {
    status: 'pending',
    ownerId: seller.id,
    make: 'Porsche',
    model: '911 Carrera',
    year: 2019,
    category: 'sports',
    startingBid: '55000.00',
  });
  const opened = await approve(auctionId);
  const mailed: number[] = [];
  const deps = { ...ctx, mail: async (ids: number[]) => void mailed.push(...ids) };
  // Two consumers at once, then the same event again (a replayed batch).
  const written = await Promise.all([deriveNotices(deps, [opened]), deriveNotices(deps, [opened])]);
  const replayed = await deriveNotices(deps, [opened, opened]);
  expect(written.reduce((a, b) => a + b, 0)).toBe(2);
  expect(replayed).toBe(0);

  const notices = await ctx.sql<{ userId: number; subject: string; text: string; link: string }[]>`
    select user_id, subject, text, link from notifications where kind = 'saved-search' and auction_id = ${auctionId}
    order by subject`;
  expect(notices).toEqual([
    {
      userId: buyer.id,
      subject: `search:${porsches.id}:auction:${auctionId}`,
      text: `New for your search "Porsches under 60k": 2019 Porsche 911 Carrera, from $55,000`,
      link: `/listing/${auctionId}`,
    },
    expect.objectContaining({ userId: buyer.id, subject: `search:${sports.id}:auction:${auctionId}` }),
  ]);
  // Each new notice was handed to the mailer once, and announced on the member's stream once.
  expect(mailed).toHaveLength(2);
  const created = (await ctx.published()).filter(
    (e) => e.type === 'notification.created' && e.notification.kind === 'saved-search',
  );
  expect(created).toHaveLength(2);
});

it('tells no one of a listing no search finds, nor of one closed before its approval was handled', async () => {
  const buyer = await createUser(ctx.sql);
  await saveSearch(ctx.sql, buyer.id, {
    name: 'Old classics',
    filters: { ...any, category: 'classic', maxYear: 1975 },
  });
  const modern = await createAuction(ctx.sql, { status: 'pending', category: 'classic', year: 1999, make: 'Jaguar' });
  const deps = { ...ctx, mail: async () => {} };
  // (The first test's searches find these Jaguars; this member's does not.)
  await deriveNotices(deps, [await approve(modern)]);

  const old = await createAuction(ctx.sql, { status: 'pending', category: 'classic', year: 1968, make: 'Jaguar' });
  const opened = await approve(old);
  await ctx.sql`update auctions set status = 'bought-now' where id = ${old}`;
  expect(await deriveNotices(deps, [opened])).toBe(0);
  const [n] = await ctx.sql<{ n: number }[]>`
    select count(*)::int as n from notifications where user_id = ${buyer.id} and kind = 'saved-search'`;
  expect(n!.n).toBe(0);
});
