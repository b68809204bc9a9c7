// A verified bidder's bid waits on its own member's other bids (the hold claim), never on other members': a bid whose
// member's claim is held elsewhere steps aside in the auction's arrival order, and one that gets the claim too late to
// be decided in time is answered 409 "still being placed" instead of being dropped 503 "not placed" by the engine.
import { expect, it } from 'vitest';
import { BidEngine } from '../../src/bidding/bid-engine.js';
import { SandboxPaymentProvider } from '../../src/escrow/payment-provider.js';
import { placeVerifiedBid, type VerifiedBidDeps } from '../../src/payments/verified-bid.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

function depsWithWaitLimit(waitLimitMs: number): VerifiedBidDeps & { holdsPlaced: () => number } {
  let placed = 0;
  const payments = new SandboxPaymentProvider('test-secret', async () => {}, undefined, 0);
  const placeHold = payments.placeHold.bind(payments);
  payments.placeHold = (input) => {
    placed += 1;
    return placeHold(input);
  };
  return {
    sql: ctx.sql,
    payments,
    bids: new BidEngine(ctx.sql, ctx.events, undefined, waitLimitMs),
    holdsPlaced: () => placed,
  };
}

/** Another API process working on this member's holds on this auction, for `ms` (its lease then lapses). */
const claimElsewhere = (auctionId: number, userId: number, ms: number) => ctx.sql`
  insert into bid_hold_claims (auction_id, user_id, token, claimed_until)
  values (${auctionId}, ${userId}, 'another-process', now() + ${ms} * interval '1 millisecond')`;

const asBidder = (u: { id: number; name: string }) => ({ ...u, isPremium: false });

it("a bid waiting on its own member's claim does not hold up a later bid of another member", async () => {
  // The engine drops a bid not decided within 900 ms of its arrival: a later bid that waited its turn behind the
  // blocked one (up to a second) would be dropped.
  const deps = depsWithWaitLimit(900);
  const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
  const [blocked, free] = await Promise.all([createUser(ctx.sql), createUser(ctx.sql)]);
  await claimElsewhere(auctionId, blocked!.id, 10_000);

  const first = placeVerifiedBid(deps, { auctionId, bidder: asBidder(blocked!), amountCents: 10_000_00 });
  const second = placeVerifiedBid(deps, { auctionId, bidder: asBidder(free!), amountCents: 11_000_00 });
  const [a, b] = await Promise.allSettled([first, second]);

  expect(b).toMatchObject({ status: 'fulfilled', value: { bid: { amount: '11000.00' } } });
  expect(a).toMatchObject({
    status: 'rejected',
    reason: { status: 409, message: expect.stringMatching(/still being placed/) },
  });
  // Only the placed bid's member has a hold.
  const holders = await ctx.sql<{ userId: number }[]>`select user_id from bid_holds where auction_id = ${auctionId}`;
  expect(holders.map((h) => h.userId)).toEqual([free!.id]);
  expect(deps.holdsPlaced()).toBe(1);
});

it('a bid that would get its claim too late to be decided is answered 409, with no hold and no bid', async () => {
  const deps = depsWithWaitLimit(1000);
  const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
  const member = await createUser(ctx.sql);
  // The other process's claim lapses after the engine's limit: taking it then would only end in 503 "not placed".
  await claimElsewhere(auctionId, member.id, 1100);

  const answer = await placeVerifiedBid(deps, { auctionId, bidder: asBidder(member), amountCents: 10_000_00 }).then(
    () => null,
    (err: unknown) => err,
  );
  expect(answer).toMatchObject({ status: 409, message: expect.stringMatching(/still being placed/) });
  expect(deps.holdsPlaced()).toBe(0);
  const stored = await ctx.sql`select id from bids where auction_id = ${auctionId}`;
  expect(stored).toHaveLength(0);

  // Once the other process is done, the member's next bid goes through.
  await ctx.sql`delete from bid_hold_claims where auction_id = ${auctionId}`;
  await expect(
    placeVerifiedBid(depsWithWaitLimit(4000), { auctionId, bidder: asBidder(member), amountCents: 10_000_00 }),
  ).resolves.toMatchObject({ bid: { amount: '10000.00' } });
});
