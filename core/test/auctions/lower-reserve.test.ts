// The seller lowering a live reserve: only lowered, told live on the auction's stream and to bidders and watchers.
import { expect, it } from 'vitest';
import { DomainError } from '../../src/errors.js';
import { lowerReserve } from '../../src/auctions/lower-reserve.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

const statusOf = async (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (err: unknown) => {
      if (err instanceof DomainError) return err.status;
      throw err;
    },
  );

async function liveWithReserve() {
  const seller = await createUser(ctx.sql);
  const bidder = await createUser(ctx.sql);
  const watcher = await createUser(ctx.sql);
  const id = await createAuction(ctx.sql, {
    ownerId: seller.id,
    reservePrice: '9000.00',
    startingBid: '1000.00',
    currentBid: '8000.00',
    bidCount: 1,
  });
  await ctx.sql`insert into bids (auction_id, user_id, amount) values (${id}, ${bidder.id}, 8000)`;
  await ctx.sql`insert into watchlist (user_id, auction_id) values (${watcher.id}, ${id})`;
  return { id, seller: seller.id, bidder: bidder.id, watcher: watcher.id };
}

const reserveOf = async (id: number) =>
  (await ctx.sql<{ reservePrice: string }[]>`select reserve_price from auctions where id = ${id}`)[0]!.reservePrice;

it('lowers the reserve, tells the room live and bidders and watchers by notice', async () => {
  const a = await liveWithReserve();
  const result = await lowerReserve(ctx, { auctionId: a.id, userId: a.seller, reserveCents: 800_000 });
  expect(result).toEqual({ auctionId: a.id, reservePrice: '8000.00', reserveStatus: 'met' });
  expect(await reserveOf(a.id)).toBe('8000.00');
  const events = (await ctx.published()).filter((e) => e.type === 'auction.reserve-lowered' && e.auctionId === a.id);
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    stream: `auction:${a.id}`,
    reserveStatus: 'met',
    chatLine: { message: 'The seller lowered the reserve: the reserve is now met' },
  });
  // The amount stays the seller's: nothing published carries it.
  expect(JSON.stringify(events[0])).not.toContain('8000');
  const told = await ctx.sql<{ userId: number }[]>`
    select user_id from notifications where auction_id = ${a.id} and kind = 'reserve-lowered' order by user_id`;
  expect(told.map((t) => t.userId)).toEqual([a.bidder, a.watcher].sort((x, y) => x - y));
});

it('refuses a raise, the same reserve, cents, below the starting bid, another member and an ended auction', async () => {
  const a = await liveWithReserve();
  const lower = (userId: number, reserveCents: number) =>
    statusOf(lowerReserve(ctx, { auctionId: a.id, userId, reserveCents }));
  expect(await lower(a.seller, 950_000)).toBe(400);
  expect(await lower(a.seller, 900_000)).toBe(400);
  expect(await lower(a.seller, 850_050)).toBe(400);
  expect(await lower(a.seller, 90_000)).toBe(400);
  expect(await lower(a.bidder, 850_000)).toBe(403);
  await ctx.sql`update auctions set end_time = now() - interval '1 second' where id = ${a.id}`;
  expect(await lower(a.seller, 850_000)).toBe(409);
  expect(await reserveOf(a.id)).toBe('9000.00');
});

it('two lowerings racing never leave the reserve raised: the lower one always stands', async () => {
  for (let i = 0; i < 10; i += 1) {
    const a = await liveWithReserve();
    const results = await Promise.all(
      [850_000, 820_000].map((reserveCents) =>
        statusOf(lowerReserve(ctx, { auctionId: a.id, userId: a.seller, reserveCents })),
      ),
    );
    expect(await reserveOf(a.id)).toBe('8200.00');
    // Either both applied (8,500 first) or the 8,500 came second and was refused as a raise.
    expect([
      [200, 200],
      [400, 200],
    ]).toContainEqual(results);
  }
});
