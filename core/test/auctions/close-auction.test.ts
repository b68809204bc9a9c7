// Closing an auction and buying it now: one lock decides, so of racing closers or buyers exactly one acts, and the
// sale, its escrow and every event are written in one transaction.
import { describe, expect, it } from 'vitest';
import { streams } from '@app/shared';
import { closeAuction, closeOutcome, closingChatText } from '../../src/auctions/close-auction.js';
import { buyNow } from '../../src/auctions/buy-now.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

async function endedWithBids(amounts: number[], o: { reserve?: string; ownerId?: number } = {}) {
  const id = await createAuction(ctx.sql, {
    endsInMs: -10,
    reservePrice: o.reserve ?? null,
    ownerId: o.ownerId ?? null,
    currentBid: String(amounts.at(-1) ?? 0),
    bidCount: amounts.length,
  });
  const bidders: number[] = [];
  for (const amount of amounts) {
    const u = await createUser(ctx.sql);
    await ctx.sql`insert into bids (auction_id, user_id, amount) values (${id}, ${u.id}, ${amount})`;
    bidders.push(u.id);
  }
  return { id, bidders };
}

const state = async (id: number) =>
  (
    await ctx.sql<
      { status: string; winnerId: number | null }[]
    >`select status, winner_id from auctions where id = ${id}`
  )[0]!;

describe('the outcome of a close', () => {
  it('is no-bids without a bid, reserve-not-met under the reserve, sold at or above it or with no reserve', () => {
    expect(closeOutcome({ bidCount: 0, currentBidCents: 0, reserveCents: null })).toBe('no-bids');
    expect(closeOutcome({ bidCount: 0, currentBidCents: 0, reserveCents: 500_000 })).toBe('no-bids');
    expect(closeOutcome({ bidCount: 3, currentBidCents: 499_999, reserveCents: 500_000 })).toBe('reserve-not-met');
    expect(closeOutcome({ bidCount: 3, currentBidCents: 500_000, reserveCents: 500_000 })).toBe('sold');
    expect(closeOutcome({ bidCount: 1, currentBidCents: 100_000, reserveCents: null })).toBe('sold');
  });

  it('is announced in the chat without the reserve amount', () => {
    expect(closingChatText('sold', 21_000_00)).toBe('Auction ended: sold for $21,000');
    expect(closingChatText('reserve-not-met', null)).toBe('Auction ended: the reserve was not met');
    expect(closingChatText('no-bids', null)).toBe('Auction ended with no bids');
  });
});

describe('closeAuction', () => {
  it('closes exactly once when two closers race, and a repeated job does nothing', async () => {
    const a = await endedWithBids([5000]);
    const results = await Promise.all([closeAuction(ctx, a.id), closeAuction(ctx, a.id)]);
    expect(results.filter((r) => r.closed)).toHaveLength(1);
    expect((await closeAuction(ctx, a.id)).closed).toBe(false);
    const [counts] = await ctx.sql<{ escrows: number; closedEvents: number }[]>`
      select (select count(*)::int from escrow_transactions where auction_id = ${a.id}) as escrows,
             (select count(*)::int from outbox where stream = ${streams.auction(a.id)} and type = 'auction.closed') as closed_events`;
    expect(counts).toEqual({ escrows: 1, closedEvents: 1 });
  });

  it('records reserve-not-met and no-bids outcomes without a winner or escrow', async () => {
    const under = await endedWithBids([5000], { reserve: '9000.00' });
    const none = await endedWithBids([]);
    await closeAuction(ctx, under.id);
    await closeAuction(ctx, none.id);
    expect(await state(under.id)).toMatchObject({ status: 'reserve-not-met', winnerId: null });
    expect(await state(none.id)).toMatchObject({ status: 'no-bids', winnerId: null });
  });

  it('leaves an auction that has not ended open', async () => {
    const open = await createAuction(ctx.sql, { endsInMs: 60_000 });
    expect(await closeAuction(ctx, open)).toEqual({ closed: false });
    expect((await state(open)).status).toBe('active');
  });

  it('sells to the top bidder and publishes after commit the close and the escrow opening to both parties', async () => {
    const seller = await createUser(ctx.sql);
    const a = await endedWithBids([5000, 6000], { ownerId: seller.id });
    const result = await closeAuction(ctx, a.id);
    expect(result).toMatchObject({ closed: true, outcome: 'sold', winnerId: a.bidders[1] });
    const published = (await ctx.published()).filter(
      (e) => ('auctionId' in e && e.auctionId === a.id) || (e.type === 'escrow.updated' && e.auctionId === a.id),
    );
    // Appended (and published) in the order written: the escrow opening, the parties' streams in name order, then the close.
    expect(published.map((e) => [e.type, e.stream])).toEqual([
      ...[streams.user(a.bidders[1]!), streams.user(seller.id)].sort().map((s) => ['escrow.updated', s]),
      ['auction.closed', streams.auction(a.id)],
    ]);
    expect(published[2]).toMatchObject({ outcome: 'sold', winningAmount: '6000.00' });
  });
});

describe('buyNow', () => {
  it('of ten buyers at once exactly one buys; the others find it bought, and one escrow exists', async () => {
    const id = await createAuction(ctx.sql, { buyItNowPrice: '50000.00' });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx.sql)));
    const results = await Promise.allSettled(
      buyers.map((b) => buyNow(ctx, { auctionId: id, buyer: { ...b, isPremium: false } })),
    );
    const bought = results.filter((r) => r.status === 'fulfilled');
    expect(bought).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r.reason as { status: number }).status)).toEqual(
      Array(9).fill(409),
    );
    const [row] = await ctx.sql<{ status: string; escrows: number }[]>`
      select status, (select count(*)::int from escrow_transactions where auction_id = ${id}) as escrows
      from auctions where id = ${id}`;
    expect(row).toEqual({ status: 'bought-now', escrows: 1 });
  });
});
