// The dashboard's active bids: the open auctions a member bid on, each Leading or Outbid by the shared standing rule.
import { expect, it } from 'vitest';
import { userActiveBids } from '../../src/dashboard/dashboard.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

it('lists the open auctions a member bid on, most recently bid first, leading or outbid, and no ended one', async () => {
  const me = await createUser(ctx.sql);
  const rival = await createUser(ctx.sql);
  const leading = await createAuction(ctx.sql, { currentBid: '12000.00', bidCount: 1 });
  const outbid = await createAuction(ctx.sql, { currentBid: '15000.00', bidCount: 2 });
  const ended = await createAuction(ctx.sql, { status: 'sold', winningAmount: '9000.00' });
  await ctx.sql`
    insert into bids (auction_id, user_id, amount)
    values (${outbid}, ${me.id}, 14000), (${outbid}, ${rival.id}, 15000), (${ended}, ${me.id}, 9000), (${leading}, ${me.id}, 12000)`;
  const bids = await userActiveBids(ctx.sql, me.id);
  expect(bids.map((b) => [b.auctionId, b.standing, b.myHighestBid])).toEqual([
    [leading, 'Leading', '12000.00'],
    [outbid, 'Outbid', '14000.00'],
  ]);
});
