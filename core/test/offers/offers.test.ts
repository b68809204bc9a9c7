// Offers after the hammer on a real database: the rules refuse what they should, an accept is a sale like a won
// auction's, and every race (an accept against the expiry job, two second-chance accepts) has exactly one outcome.
import { describe, expect, it } from 'vitest';
import { centsToDecimal, saleFees, scheduleWithCommission } from '@app/shared';
import { DomainError } from '../../src/errors.js';
import { readSettings } from '../../src/settings/read-settings.js';
import { closeAuction } from '../../src/auctions/close-auction.js';
import { answerOffer } from '../../src/offers/answer-offer.js';
import { expireOffer, dueOfferIds } from '../../src/offers/expire-offers.js';
import { makeBestOffer, makeSecondChanceOffer } from '../../src/offers/make-offer.js';
import { offersForAuction } from '../../src/offers/offer-read.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

/** An auction closed below its reserve by the real close, with one bidder per amount (the last the high bidder). */
async function reserveNotMet(amounts = [5000, 6000, 7000], reserve = '9000.00') {
  const seller = await createUser(ctx.sql, { name: 'Seller' });
  const id = await createAuction(ctx.sql, {
    endsInMs: -10,
    reservePrice: reserve,
    ownerId: seller.id,
    currentBid: String(amounts.at(-1)),
    bidCount: amounts.length,
  });
  const bidders: number[] = [];
  for (const amount of amounts) {
    const u = await createUser(ctx.sql);
    await ctx.sql`insert into bids (auction_id, user_id, amount) values (${id}, ${u.id}, ${amount})`;
    bidders.push(u.id);
  }
  expect(await closeAuction(ctx, id)).toMatchObject({ closed: true, outcome: 'reserve-not-met' });
  return { id, sellerId: seller.id, bidders, high: bidders.at(-1)! };
}

const statusOf = async (e: Promise<unknown>) => {
  try {
    await e;
    return 200;
  } catch (err) {
    if (err instanceof DomainError) return err.status;
    throw err;
  }
};

const escrowsOf = async (auctionId: number) =>
  ctx.sql<{ buyerId: number; amount: string; status: string; fees: { buyerTotal: string } }[]>`
    select buyer_id, amount, status, fees from escrow_transactions where auction_id = ${auctionId} order by id`;

const dollars = (d: number) => d * 100;

describe('best offer', () => {
  it('is the high bidder’s, once, at least their high bid, whole dollars, within 24 hours of the close', async () => {
    const a = await reserveNotMet();
    const send = (buyerId: number, amountCents: number) =>
      statusOf(makeBestOffer(ctx, { auctionId: a.id, buyerId, amountCents }));
    expect(await send(a.bidders[0]!, dollars(8000))).toBe(403);
    expect(await send(a.high, dollars(6999))).toBe(400);
    expect(await send(a.high, dollars(7500) + 50)).toBe(400);
    expect(await send(a.sellerId, dollars(8000))).toBe(403);
    expect(await send(a.high, dollars(7000))).toBe(200);
    expect(await send(a.high, dollars(8000))).toBe(409);

    const late = await reserveNotMet();
    await ctx.sql`update auctions set closed_at = now() - interval '24 hours 1 second' where id = ${late.id}`;
    expect(
      await statusOf(makeBestOffer(ctx, { auctionId: late.id, buyerId: late.high, amountCents: dollars(8000) })),
    ).toBe(409);
    expect((await offersForAuction(ctx.sql, late.id, late.high)).bestOfferMinimum).toBeNull();
  });

  it('is refused on a live auction and on one that sold', async () => {
    const live = await createAuction(ctx.sql, { endsInMs: 60_000 });
    const u = await createUser(ctx.sql);
    expect(await statusOf(makeBestOffer(ctx, { auctionId: live, buyerId: u.id, amountCents: dollars(100) }))).toBe(409);
  });

  it('counters once; the buyer accepts the counter and the sale is a won auction’s: sold, escrow with fees, notices', async () => {
    const a = await reserveNotMet();
    expect((await offersForAuction(ctx.sql, a.id, a.high)).bestOfferMinimum).toBe('7000.00');
    const offer = await makeBestOffer(ctx, { auctionId: a.id, buyerId: a.high, amountCents: dollars(8000) });
    // Only the seller answers an open offer; a counter must be above the offer.
    expect(await statusOf(answerOffer(ctx, { offerId: offer.id, userId: a.high, action: 'accept' }))).toBe(403);
    expect(await statusOf(answerOffer(ctx, { offerId: offer.id, userId: a.bidders[0]!, action: 'accept' }))).toBe(404);
    expect(
      await statusOf(
        answerOffer(ctx, { offerId: offer.id, userId: a.sellerId, action: 'counter', counterCents: dollars(8000) }),
      ),
    ).toBe(400);
    const countered = await answerOffer(ctx, {
      offerId: offer.id,
      userId: a.sellerId,
      action: 'counter',
      counterCents: dollars(8500),
    });
    expect(countered.offer).toMatchObject({ status: 'countered', counterCents: dollars(8500) });
    // Once: the seller can no longer touch it; it is the buyer's turn.
    expect(
      await statusOf(
        answerOffer(ctx, { offerId: offer.id, userId: a.sellerId, action: 'counter', counterCents: dollars(8600) }),
      ),
    ).toBe(403);
    expect(await statusOf(answerOffer(ctx, { offerId: offer.id, userId: a.sellerId, action: 'accept' }))).toBe(403);
    const sold = await answerOffer(ctx, { offerId: offer.id, userId: a.high, action: 'accept' });
    expect(sold.offer.status).toBe('accepted');
    expect(sold.transactionId).toEqual(expect.any(Number));
    const [auction] = await ctx.sql<{ status: string; winnerId: number; winningAmount: string }[]>`
      select status, winner_id, winning_amount from auctions where id = ${a.id}`;
    expect(auction).toEqual({ status: 'sold', winnerId: a.high, winningAmount: '8500.00' });
    const escrows = await escrowsOf(a.id);
    expect(escrows).toHaveLength(1);
    expect(escrows[0]).toMatchObject({ buyerId: a.high, amount: '8500.00', status: 'pending' });
    // The fee schedule in force, as for a won auction.
    const schedule = scheduleWithCommission((await readSettings(ctx.sql)).commissionRatePct);
    expect(escrows[0]!.fees.buyerTotal).toBe(centsToDecimal(saleFees(dollars(8500), schedule).buyerTotalCents));
    const notices = await ctx.sql<{ userId: number; kind: string; link: string }[]>`
      select user_id, kind, link from notifications where auction_id = ${a.id} and kind in ('won', 'sold', 'offer') order by id`;
    expect(notices).toEqual(
      expect.arrayContaining([
        { userId: a.sellerId, kind: 'offer', link: `/listing/${a.id}` },
        { userId: a.high, kind: 'offer', link: `/listing/${a.id}` },
        { userId: a.high, kind: 'won', link: `/transaction/${a.id}` },
        { userId: a.sellerId, kind: 'sold', link: `/transaction/${a.id}` },
      ]),
    );
    const published = await ctx.published();
    expect(
      published.filter((e) => e.type === 'offer.updated' && e.offerId === offer.id).map((e) => e.type),
    ).toHaveLength(6);
    expect(published.some((e) => e.type === 'escrow.updated' && e.auctionId === a.id && e.userId === a.high)).toBe(
      true,
    );
  });

  it('refuses an answer after the deadline even before the expiry job ran; the job then expires it once', async () => {
    const a = await reserveNotMet();
    const offer = await makeBestOffer(ctx, { auctionId: a.id, buyerId: a.high, amountCents: dollars(7000) });
    await ctx.sql`update auction_offers set expires_at = now() - interval '1 second' where id = ${offer.id}`;
    expect(await statusOf(answerOffer(ctx, { offerId: offer.id, userId: a.sellerId, action: 'accept' }))).toBe(409);
    expect(await dueOfferIds(ctx.sql)).toContain(offer.id);
    const runs = await Promise.all([expireOffer(ctx, offer.id), expireOffer(ctx, offer.id)]);
    expect(runs.filter((r) => r.expired)).toHaveLength(1);
    expect((await expireOffer(ctx, offer.id)).expired).toBe(false);
    expect(await escrowsOf(a.id)).toHaveLength(0);
    const [n] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from notifications where kind = 'offer' and subject = ${`offer:${offer.id}:expired`}`;
    expect(n!.n).toBe(2);
  });

  it('a decline ends it; nothing is sold', async () => {
    const a = await reserveNotMet();
    const offer = await makeBestOffer(ctx, { auctionId: a.id, buyerId: a.high, amountCents: dollars(7000) });
    expect((await answerOffer(ctx, { offerId: offer.id, userId: a.sellerId, action: 'decline' })).offer.status).toBe(
      'declined',
    );
    expect(await statusOf(answerOffer(ctx, { offerId: offer.id, userId: a.sellerId, action: 'accept' }))).toBe(409);
    expect(await escrowsOf(a.id)).toHaveLength(0);
  });
});

describe('races', () => {
  it('an accept racing the expiry job has exactly one outcome, every time', async () => {
    const outcomes = { accepted: 0, expired: 0 };
    for (let i = 0; i < 20; i += 1) {
      const a = await reserveNotMet([5000]);
      const offer = await makeBestOffer(ctx, { auctionId: a.id, buyerId: a.high, amountCents: dollars(6000) });
      // The deadline falls right about when both run, so either may come first.
      await ctx.sql`update auction_offers set expires_at = clock_timestamp() + ${i} * interval '1 millisecond' where id = ${offer.id}`;
      const [accept, expire] = await Promise.all([
        statusOf(answerOffer(ctx, { offerId: offer.id, userId: a.sellerId, action: 'accept' })),
        (async () => {
          await new Promise((r) => setTimeout(r, i));
          return expireOffer(ctx, offer.id);
        })(),
      ]);
      const [row] = await ctx.sql<{ status: string }[]>`select status from auction_offers where id = ${offer.id}`;
      const escrows = await escrowsOf(a.id);
      if (accept === 200) {
        expect(expire.expired).toBe(false);
        expect(row!.status).toBe('accepted');
        expect(escrows).toHaveLength(1);
        outcomes.accepted += 1;
      } else {
        expect(accept).toBe(409);
        // The accept lost: the offer expired now, or at the latest when the job runs again.
        expect(expire.expired || (await expireOffer(ctx, offer.id)).expired).toBe(true);
        expect(escrows).toHaveLength(0);
        outcomes.expired += 1;
      }
    }
    expect(outcomes.accepted + outcomes.expired).toBe(20);
    // Deadlines 0 to 19 ms away: both outcomes occur, so the race was real.
    expect(outcomes.accepted).toBeGreaterThan(0);
    expect(outcomes.expired).toBeGreaterThan(0);
  });

  it('two second-chance accepts racing make one sale, the other offer withdrawn, every time', async () => {
    for (let i = 0; i < 10; i += 1) {
      const a = await reserveNotMet([5000, 6000, 7000]);
      const [first, second] = await Promise.all(
        a.bidders
          .slice(0, 2)
          .map((bidderId) => makeSecondChanceOffer(ctx, { auctionId: a.id, sellerId: a.sellerId, bidderId })),
      );
      expect(first!.amountCents).toBe(dollars(5000));
      const results = await Promise.all(
        [first!, second!].map((o) =>
          statusOf(answerOffer(ctx, { offerId: o.id, userId: o.buyerId, action: 'accept' })),
        ),
      );
      expect(results.sort()).toEqual([200, 409]);
      const escrows = await escrowsOf(a.id);
      expect(escrows).toHaveLength(1);
      const states = await ctx.sql<{ status: string }[]>`
        select status from auction_offers where auction_id = ${a.id} order by status`;
      expect(states.map((s) => s.status)).toEqual(['accepted', 'withdrawn']);
    }
  });

  it('the seller accepting the best offer while a second-chance accept races: one sale', async () => {
    for (let i = 0; i < 5; i += 1) {
      const a = await reserveNotMet([5000, 7000]);
      const best = await makeBestOffer(ctx, { auctionId: a.id, buyerId: a.high, amountCents: dollars(7000) });
      const second = await makeSecondChanceOffer(ctx, {
        auctionId: a.id,
        sellerId: a.sellerId,
        bidderId: a.bidders[0]!,
      });
      const results = await Promise.all([
        statusOf(answerOffer(ctx, { offerId: best.id, userId: a.sellerId, action: 'accept' })),
        statusOf(answerOffer(ctx, { offerId: second.id, userId: a.bidders[0]!, action: 'accept' })),
      ]);
      expect(results.sort()).toEqual([200, 409]);
      expect(await escrowsOf(a.id)).toHaveLength(1);
    }
  });
});

describe('second-chance offers', () => {
  it('go to another bidder at their highest bid, from the seller only, once per bidder, valid 48 hours', async () => {
    const a = await reserveNotMet([5000, 5500, 7000]);
    const send = (sellerId: number, bidderId: number) =>
      statusOf(makeSecondChanceOffer(ctx, { auctionId: a.id, sellerId, bidderId }));
    expect(await send(a.bidders[0]!, a.bidders[1]!)).toBe(403);
    // The high bidder's is the best offer; a member who never bid is no bidder.
    expect(await send(a.sellerId, a.high)).toBe(400);
    const stranger = await createUser(ctx.sql);
    expect(await send(a.sellerId, stranger.id)).toBe(400);
    const offer = await makeSecondChanceOffer(ctx, { auctionId: a.id, sellerId: a.sellerId, bidderId: a.bidders[1]! });
    expect(offer.amountCents).toBe(dollars(5500));
    const hours = (offer.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(await send(a.sellerId, a.bidders[1]!)).toBe(409);
    const view = await offersForAuction(ctx.sql, a.id, a.sellerId);
    expect(view.secondChanceBidders.map((b) => b.userId)).toEqual([a.bidders[0]]);
    // The bidder declines; the seller cannot accept on their behalf.
    expect(await statusOf(answerOffer(ctx, { offerId: offer.id, userId: a.sellerId, action: 'accept' }))).toBe(403);
    expect((await answerOffer(ctx, { offerId: offer.id, userId: a.bidders[1]!, action: 'decline' })).offer.status).toBe(
      'declined',
    );
  });

  it('follow an unpaid sale: the non-payer is excluded, and the accept opens a second escrow', async () => {
    const seller = await createUser(ctx.sql);
    const id = await createAuction(ctx.sql, { endsInMs: -10, ownerId: seller.id, currentBid: '7000', bidCount: 2 });
    const [runnerUp, winner] = [await createUser(ctx.sql), await createUser(ctx.sql)];
    await ctx.sql`insert into bids (auction_id, user_id, amount) values (${id}, ${runnerUp.id}, 6000), (${id}, ${winner.id}, 7000)`;
    expect(await closeAuction(ctx, id)).toMatchObject({ outcome: 'sold', winnerId: winner.id });
    // While the sale is live, no second chance.
    expect(
      await statusOf(makeSecondChanceOffer(ctx, { auctionId: id, sellerId: seller.id, bidderId: runnerUp.id })),
    ).toBe(409);
    await ctx.sql`update escrow_transactions set status = 'cancelled', cancelled_at = now() where auction_id = ${id}`;
    expect(
      await statusOf(makeSecondChanceOffer(ctx, { auctionId: id, sellerId: seller.id, bidderId: winner.id })),
    ).toBe(400);
    const offer = await makeSecondChanceOffer(ctx, { auctionId: id, sellerId: seller.id, bidderId: runnerUp.id });
    const sold = await answerOffer(ctx, { offerId: offer.id, userId: runnerUp.id, action: 'accept' });
    expect(sold.transactionId).toEqual(expect.any(Number));
    expect((await escrowsOf(id)).map((e) => [e.buyerId, e.amount, e.status])).toEqual([
      [winner.id, '7000.00', 'cancelled'],
      [runnerUp.id, '6000.00', 'pending'],
    ]);
    const [auction] = await ctx.sql<{ winnerId: number }[]>`select winner_id from auctions where id = ${id}`;
    expect(auction!.winnerId).toBe(runnerUp.id);
  });
});
