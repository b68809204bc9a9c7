// A seller's car goes to auction only when an admin approves it; of two admins deciding at once one decides, and the
// approval opens the auction on its stream (the workers schedule its close from that) and tells the admins.
import { expect, it } from 'vitest';
import { streams } from '@app/shared';
import { decideAuction, submitToAuction } from '../../src/auctions/auction-approval.js';
import { createCar } from '../../src/cars/cars.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { carListing, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

it('submits once per car, and of two admins approving at once one opens the auction', async () => {
  const seller = { ...(await createUser(ctx.sql)), isPremium: false };
  const car = await createCar(ctx.sql, seller, carListing('WP0AA2A91MS100009'));

  const terms = {
    carId: car.id,
    startingBid: 10_000_00,
    durationDays: 7,
    location: 'Detroit, MI',
    isPremiumOnly: false,
  };
  const { auctionId } = await submitToAuction(ctx, seller, terms);
  await expect(submitToAuction(ctx, seller, terms)).rejects.toMatchObject({ status: 409 });
  const decisions = await Promise.allSettled([
    decideAuction(ctx, auctionId, true),
    decideAuction(ctx, auctionId, true),
  ]);
  expect(decisions.filter((d) => d.status === 'fulfilled')).toHaveLength(1);
  expect(decisions.filter((d) => d.status === 'rejected').map((d) => (d.reason as { status: number }).status)).toEqual([
    404,
  ]);
  const events = await ctx.published();
  expect(events.filter((e) => 'auctionId' in e && e.auctionId === auctionId).map((e) => [e.type, e.stream])).toEqual([
    ['auction.submitted', streams.admins],
    ['auction.opened', streams.auction(auctionId)],
    ['auction.reviewed', streams.admins],
  ]);
});
