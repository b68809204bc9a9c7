// A writer that waited for the auction's row lock decides against what the writer before it committed: the leading
// bid and its maximum as well as the row (in READ COMMITTED a statement that waits for a lock sees other tables as of
// its start, so they are read once the lock is held).
import { expect, it } from 'vitest';
import { lockAuction } from '../../src/auctions/auction-lock.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

it('a writer that waited for the lock sees the bid, the leader and the maximum committed while it waited', async () => {
  const auctionId = await createAuction(ctx.sql, { startingBid: '1000.00' });
  const first = await createUser(ctx.sql);
  const second = await createUser(ctx.sql);
  await ctx.sql`insert into bids (auction_id, user_id, amount) values (${auctionId}, ${first.id}, 1000.00)`;
  await ctx.sql`update auctions set current_bid = 1000.00, bid_count = 1 where id = ${auctionId}`;

  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let lockedByFirst!: () => void;
  const firstHolds = new Promise<void>((r) => (lockedByFirst = r));
  const writer = ctx.sql.begin(async (tx) => {
    await lockAuction(tx, auctionId);
    lockedByFirst();
    await tx`insert into bids (auction_id, user_id, amount) values (${auctionId}, ${second.id}, 2000.00)`;
    await tx`insert into max_bids (auction_id, user_id, max_amount) values (${auctionId}, ${second.id}, 5000.00)`;
    await tx`update auctions set current_bid = 2000.00, bid_count = 2 where id = ${auctionId}`;
    await held;
  });
  await firstHolds;
  const waiting = ctx.sql.begin(async (tx) => lockAuction(tx, auctionId, 1));
  // The waiter has sent its statements and waits on the row lock; the first writer commits.
  await waitUntilBlocked(auctionId);
  release();
  await writer;
  const seen = await waiting;
  expect(seen).toMatchObject({
    currentBidCents: 200_000,
    bidCount: 2,
    leaderId: second.id,
    leaderMaxCents: 500_000,
  });
  expect(seen!.bidIds).toHaveLength(1);
});

it('finds nothing to lock, and reserves no ids, for an auction that does not exist', async () => {
  expect(await ctx.sql.begin((tx) => lockAuction(tx, 2_000_000_000, 3))).toBeUndefined();
});

async function waitUntilBlocked(auctionId: number): Promise<void> {
  // Postgres shows the wait once the waiter's statement reaches it: up to 15 s on a busy machine.
  for (const until = Date.now() + 15_000; Date.now() < until;) {
    const [row] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like '%for no key update%'`;
    if (row!.n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no writer waited for the lock on auction ${auctionId}`);
}
