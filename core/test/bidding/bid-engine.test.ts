// The bid engine on a real auction row: bids that arrive together are decided in groups under one lock, every bidder
// hears the exact outcome of their own bid, and the auction's events reach the stream in sequence order.
import { beforeAll, expect, it } from 'vitest';
import { streams, toCents } from '@app/shared';
import { BidEngine } from '../../src/bidding/bid-engine.js';
import { DomainError } from '../../src/errors.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();
let engine: BidEngine;
beforeAll(() => {
  engine = new BidEngine(ctx.sql, ctx.events);
});

it("answers thirty bids sent at once exactly, and publishes the auction's events in sequence order", async () => {
  const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
  const bidders = await Promise.all(Array.from({ length: 30 }, () => createUser(ctx.sql)));
  // Every third bid repeats the one before it: whichever of the two is decided second is too low.
  const amounts = bidders.map((_, i) => 10_000 + Math.floor(i / 3) * 3000 + (i % 3 === 2 ? -3000 : (i % 3) * 1000));
  const answers = await Promise.allSettled(
    bidders.map((b, i) =>
      engine.place({ auctionId, bidder: { ...b, isPremium: false }, amountCents: amounts[i]! * 100 }),
    ),
  );
  const placed = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
  const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as DomainError] : []));
  expect(placed.length + refused.length).toBe(30);
  expect(refused.every((e) => e instanceof DomainError && e.status === 409)).toBe(true);

  const events = (await ctx.published()).filter((e) => e.stream === streams.auction(auctionId));
  const seqs = events.map((e) => e.seq);
  expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  const bids = events.filter((e) => e.type === 'bid.placed');
  expect(bids).toHaveLength(placed.length);
  // Each answer names the event that told everyone else about its bid.
  for (const p of placed) expect(bids.find((e) => e.seq === p.seq)).toMatchObject({ bidId: p.id, amount: p.amount });
  const [row] = await ctx.sql<{ currentBid: string; bidCount: number }[]>`
    select current_bid, bid_count from auctions where id = ${auctionId}`;
  expect(row!.bidCount).toBe(placed.length);
  expect(toCents(row!.currentBid)).toBe(Math.max(...placed.map((p) => toCents(p.amount))));
});

it('finds no auction to bid on where there is none', async () => {
  const bidder = await createUser(ctx.sql);
  await expect(
    engine.place({ auctionId: 987654, bidder: { ...bidder, isPremium: false }, amountCents: 10_000_00 }),
  ).rejects.toMatchObject({ status: 404 });
});

it('bids for 50 auctions sent at once share one transaction, and each auction is decided as if alone, a refused bid failing no other', async () => {
  const ids = await Promise.all(Array.from({ length: 50 }, () => createAuction(ctx.sql, { startingBid: '10000.00' })));
  const [a, b, c] = await Promise.all([createUser(ctx.sql), createUser(ctx.sql), createUser(ctx.sql)]);
  const as = (u: { id: number; name: string }) => ({ ...u, isPremium: false });
  // On every auction, in this order: A at the starting bid, B $1,000 above, and C below the starting bid (refused);
  // on one auction C's bid is a duplicate of A's, also refused once A's stands.
  const sent = ids.flatMap((auctionId, i) => [
    engine.place({ auctionId, bidder: as(a!), amountCents: 10_000_00 }),
    engine.place({ auctionId, bidder: as(b!), amountCents: 11_000_00 }),
    engine.place({ auctionId, bidder: as(c!), amountCents: i === 7 ? 10_000_00 : 9_000_00 }),
  ]);
  const answers = await Promise.allSettled(sent);
  for (const [i, auctionId] of ids.entries()) {
    const [first, second, third] = answers.slice(i * 3, i * 3 + 3);
    expect(first).toMatchObject({ status: 'fulfilled', value: { auctionId, amount: '10000.00', bidCount: 1 } });
    expect(second).toMatchObject({ status: 'fulfilled', value: { auctionId, amount: '11000.00', bidCount: 2 } });
    expect(third!.status).toBe('rejected');
    expect((third as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
    expect((third as PromiseRejectedResult).reason.status).toBe(409);
  }
  const rows = await ctx.sql<{ id: number; currentBid: string; bidCount: number; tx: string }[]>`
    select id, current_bid, bid_count, xmin::text as tx from auctions where id = any(${ids}::int[]) order by id`;
  expect(rows.map((r) => [r.currentBid, r.bidCount])).toEqual(ids.map(() => ['11000.00', 2]));
  // One transaction wrote all fifty (they arrived in the same turn of the event loop).
  expect(new Set(rows.map((r) => r.tx)).size).toBe(1);
  // Each auction's own stream tells its two bids, numbered 1 and 2.
  const events = await ctx.published();
  for (const auctionId of ids)
    expect(
      events.filter((e) => e.stream === streams.auction(auctionId) && e.type === 'bid.placed').map((e) => e.seq),
    ).toEqual([1, 2]);
});

it('a bid for an unknown auction in a shared transaction is a 404 for that bid alone', async () => {
  const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
  const bidder = await createUser(ctx.sql);
  const [missing, placed] = await Promise.allSettled([
    engine.place({ auctionId: 987655, bidder: { ...bidder, isPremium: false }, amountCents: 10_000_00 }),
    engine.place({ auctionId, bidder: { ...bidder, isPremium: false }, amountCents: 10_000_00 }),
  ]);
  expect(missing).toMatchObject({ status: 'rejected', reason: { status: 404 } });
  expect(placed).toMatchObject({ status: 'fulfilled', value: { auctionId, amount: '10000.00' } });
});

it('bids for idle auctions that arrive while two shared transactions commit wait for them and then go together', async () => {
  const [first, second, ...later] = await Promise.all(
    Array.from({ length: 12 }, () => createAuction(ctx.sql, { startingBid: '10000.00' })),
  );
  const bidder = { ...(await createUser(ctx.sql)), isPremium: false };
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  // Another writer holds the first two auctions' rows, so the engine's transactions for them wait on the lock.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const holder = ctx.sql.begin(async (tx) => {
    await tx`select 1 from auctions where id = any(${[first!, second!]}::int[]) for update`;
    holding();
    await released;
  });
  await held;
  const bid = (auctionId: number) => engine.place({ auctionId, bidder, amountCents: 10_000_00 });
  // Each in a turn of its own: the first two take the two shared transactions, the other ten find them in flight.
  const sent = [bid(first!)];
  await turn();
  sent.push(bid(second!));
  await turn();
  for (const auctionId of later) {
    sent.push(bid(auctionId));
    await turn();
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  const [waiting] = await ctx.sql<{ n: number }[]>`
    select count(*)::int as n from bids where auction_id = any(${later}::int[])`;
  expect(waiting!.n).toBe(0);
  release();
  await holder;
  const answers = await Promise.all(sent);
  expect(answers.map((a) => [a.auctionId, a.amount])).toEqual([first, second, ...later].map((id) => [id, '10000.00']));
  const rows = await ctx.sql<{ id: number; tx: string }[]>`
    select id, xmin::text as tx from auctions where id = any(${[first!, second!, ...later]}::int[])`;
  const txOf = new Map(rows.map((r) => [r.id, r.tx]));
  // The ten later auctions were decided in one transaction, neither of the two they waited for.
  expect(new Set(later.map((id) => txOf.get(id))).size).toBe(1);
  expect(txOf.get(later[0]!)).not.toBe(txOf.get(first!));
  expect(txOf.get(later[0]!)).not.toBe(txOf.get(second!));
  expect(txOf.get(first!)).not.toBe(txOf.get(second!));
});
