// The digest's sections: the watchlist, then what the member's saved searches find (by the one matching rule), then
// the most watched; each listing ending in the next 24 hours once, in the first section that has it, and nothing
// ending later, already over, or the member's own.
import { createTransport, type SendMailOptions } from 'nodemailer';
import { expect, it } from 'vitest';
import type { SearchFilters } from '@app/shared';
import { mailDigest, setDigest } from '../../src/notices/index.js';
import { saveSearch } from '../../src/saved-searches/saved-searches.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();
const any: SearchFilters = { category: 'all', q: '', make: '' };
const HOUR = 3_600_000;

it('lists the saved searches matches between the watchlist and the most watched, each listing once', async () => {
  const member = await createUser(ctx.sql);
  const other = await createUser(ctx.sql);
  await setDigest(ctx.sql, member.id, { enabled: true, hour: 8, timeZone: 'UTC' });
  await saveSearch(ctx.sql, member.id, { name: 'Audis', filters: { ...any, make: 'Audi' } });
  await saveSearch(ctx.sql, member.id, {
    name: 'Cheap classics',
    filters: { ...any, category: 'classic', maxPrice: 30_000 },
  });

  const watchedAudi = await createAuction(ctx.sql, { make: 'Audi', model: 'R8', endsInMs: 2 * HOUR });
  const audi = await createAuction(ctx.sql, { make: 'Audi', model: 'RS6', endsInMs: 3 * HOUR });
  const classic = await createAuction(ctx.sql, {
    make: 'Jaguar',
    model: 'E-Type',
    category: 'classic',
    startingBid: '25000.00',
    endsInMs: 4 * HOUR,
  });
  await createAuction(ctx.sql, {
    make: 'Jaguar',
    model: 'XK',
    category: 'classic',
    startingBid: '45000.00',
    endsInMs: HOUR,
  });
  await createAuction(ctx.sql, { make: 'Audi', model: 'A8', endsInMs: 30 * HOUR });
  await createAuction(ctx.sql, { make: 'Audi', model: 'TT', ownerId: member.id, endsInMs: HOUR });
  const popular = await createAuction(ctx.sql, { make: 'BMW', model: 'M3', endsInMs: 5 * HOUR });
  await ctx.sql`insert into watchlist (user_id, auction_id) values
    (${member.id}, ${watchedAudi}), (${other.id}, ${popular}), (${other.id}, ${audi})`;

  const sent: SendMailOptions[] = [];
  const sink = createTransport({ jsonTransport: true });
  const transport = {
    sendMail: async (m: SendMailOptions) => {
      sent.push(m);
      return sink.sendMail(m);
    },
  } as unknown as ReturnType<typeof createTransport>;
  const deps = {
    sql: ctx.sql,
    transport,
    from: 'CarBid <no-reply@example.test>',
    publicUrl: 'https://x.test',
    signingKey: 'k'.repeat(32),
  };
  expect(await mailDigest(deps, member.id, '2026-11-26')).toBe('sent');
  expect(await mailDigest(deps, member.id, '2026-11-26')).toBe('done');

  expect(sent).toHaveLength(1);
  const text = String(sent[0]!.text);
  const sections = text
    .split('\n\n')
    .slice(1, -1)
    .map((block) => {
      const [heading, ...lines] = block.split('\n');
      return { heading, ids: lines.filter((l) => l.includes('/listing/')).map((l) => Number(l.split('/listing/')[1])) };
    });
  expect(sections).toEqual([
    { heading: 'On your watchlist', ids: [watchedAudi] },
    { heading: 'Matching your saved searches', ids: [audi, classic] },
    { heading: 'Most watched', ids: [popular] },
  ]);
  expect(sent[0]!.subject).toBe('4 auctions ending in the next 24 hours');
});
