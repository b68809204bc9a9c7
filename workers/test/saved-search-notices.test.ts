// Two workers processes read the events stream (one consumer group) while an admin approves a listing two saved
// searches find, and the approval event is then replayed: each search's member gets one notice and one mail, and a
// search the listing does not match gets nothing.
import { beforeAll, expect, it } from 'vitest';
import { redisStreamWriter } from '@app/infra';
import { decideAuction } from '@app/core/auctions';
import { saveSearch } from '@app/core/saved-searches';
import { DomainEventSchema, type SearchFilters } from '@app/shared';
import { createAuction, createUser } from '../../core/test-support/fixtures.js';
import type { Workers } from '../src/index.js';
import { workersContextOfFile } from './support/workers-context.js';

const any: SearchFilters = { category: 'all', q: '', make: '' };
const t = workersContextOfFile();
let workers: Workers[];

beforeAll(async () => {
  workers = await Promise.all([t.start(), t.start()]);
});

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    v = await read();
  }
  return v;
}

it('notifies each matching search once across two workers and a replayed approval, and mails each once', async () => {
  const seller = await createUser(t.sql);
  const keen = await createUser(t.sql);
  const picky = await createUser(t.sql);
  const found = await saveSearch(t.sql, keen.id, {
    name: 'Classic Jaguars',
    filters: { ...any, make: 'jaguar', category: 'classic', maxYear: 1975 },
  });
  await saveSearch(t.sql, picky.id, { name: 'Cheap Jaguars', filters: { ...any, q: 'jaguar', maxPrice: 50_000 } });
  const auctionId = await createAuction(t.sql, {
    status: 'pending',
    ownerId: seller.id,
    make: 'Jaguar',
    model: 'E-Type Series 1',
    year: 1963,
    category: 'classic',
    startingBid: '120000.00',
  });

  await decideAuction(t, auctionId, true);
  const notices = () =>
    t.sql<{ userId: number; subject: string; mailStatus: string }[]>`
      select user_id, subject, mail_status from notifications where kind = 'saved-search' and auction_id = ${auctionId}`;
  await until(notices, (n) => n.length > 0 && n.every((x) => x.mailStatus === 'sent'));

  // The same approval handed over again: to the stream, and to both processes' consumers directly at once.
  const [row] = await t.sql<{ payload: unknown }[]>`
    select payload from outbox where stream = ${`auction:${auctionId}`} and type = 'auction.opened'`;
  const opened = DomainEventSchema.parse(row!.payload);
  await redisStreamWriter(t.redis, t.prefix)([opened]);
  await Promise.all(workers.map((w) => w.notices.onEvents([opened])));
  await new Promise((r) => setTimeout(r, 1500));

  expect(await notices()).toEqual([
    { userId: keen.id, subject: `search:${found.id}:auction:${auctionId}`, mailStatus: 'sent' },
  ]);
  const mails = await t.sql<{ subject: string }[]>`
    select subject from caught_mails where mail_to like ${`%${keen.email}%`}`;
  expect(mails.map((m) => m.subject)).toEqual([
    'New for your search "Classic Jaguars": 1963 Jaguar E-Type Series 1, from $120,000',
  ]);
  const [told] = await t.sql<{ n: number }[]>`
    select count(*)::int as n from outbox where stream = ${`user:${keen.id}`} and type = 'notification.created'`;
  expect(told!.n).toBe(1);
  const [others] = await t.sql<{ n: number }[]>`
    select count(*)::int as n from notifications where user_id in (${picky.id}, ${seller.id})`;
  expect(others!.n).toBe(0);
});
