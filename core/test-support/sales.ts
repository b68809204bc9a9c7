// A car sold at the close of its auction, as the escrow tests start from: the seller's auction ended with the buyer's
// one bid of $20,000, closed by the real close command, so the escrow is open and pending.
import type { EventDeps } from '@app/infra';
import type { SessionUser } from '@app/shared';
import { closeAuction } from '../src/auctions/close-auction.js';
import { createAuction, createUser } from './fixtures.js';

export interface ClosedSale {
  seller: SessionUser;
  buyer: SessionUser;
  auctionId: number;
  transactionId: number;
}

/** A member of the marketplace (not premium), as the escrow commands take the acting user. */
export const testMember = async (ctx: EventDeps): Promise<SessionUser> => ({
  ...(await createUser(ctx.sql)),
  isPremium: false,
});

export async function closedSale(ctx: EventDeps): Promise<ClosedSale> {
  const seller = await testMember(ctx);
  const buyer = await testMember(ctx);
  const auctionId = await createAuction(ctx.sql, {
    ownerId: seller.id,
    endsInMs: -10,
    currentBid: '20000.00',
    bidCount: 1,
  });
  await ctx.sql`insert into bids (auction_id, user_id, amount) values (${auctionId}, ${buyer.id}, 20000)`;
  const closed = await closeAuction(ctx, auctionId);
  if (!closed.closed || closed.transactionId === null) throw new Error(`auction ${auctionId} did not close`);
  return { seller, buyer, auctionId, transactionId: closed.transactionId };
}
