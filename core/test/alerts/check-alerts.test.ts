// Bid alerts fire once per condition: two workers checking the same auction at once fire each alert once.
import { expect, it } from 'vitest';
import { createAlert } from '../../src/alerts/bid-alerts.js';
import { checkAlerts } from '../../src/alerts/check-alerts.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

/** A member's price-target alert on an auction already past its target: the next check fires it. */
async function priceTargetReached() {
  const watcher = await createUser(ctx.sql);
  const auctionId = await createAuction(ctx.sql, { currentBid: '30000.00', bidCount: 3 });
  await createAlert(ctx.sql, watcher.id, {
    auctionId,
    alertType: 'priceTarget',
    settings: { emailEnabled: true, pushEnabled: true, smsEnabled: false, priceTarget: 25_000_00, timeThreshold: 30 },
  });
  return { watcher, auctionId };
}

it('fires a price-target alert once when two checks race, and not again on the next check', async () => {
  const { watcher, auctionId } = await priceTargetReached();
  const fired = await Promise.all([checkAlerts(ctx, [auctionId]), checkAlerts(ctx, [auctionId])]);
  expect(fired.reduce((a, b) => a + b, 0)).toBe(1);
  expect(await checkAlerts(ctx, [auctionId])).toBe(0);
  const events = (await ctx.published()).filter((e) => e.type === 'alert.fired' && e.userId === watcher.id);
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    stream: `user:${watcher.id}`,
    alertType: 'priceTarget',
    auction: { id: auctionId },
  });
});

it("decides without the alerts' row locks when nothing would fire: a check then waits for no other holder", async () => {
  const { auctionId } = await priceTargetReached();
  expect(await checkAlerts(ctx, [auctionId])).toBe(1);
  // Another check holds the alert's row (as one firing it would) for three seconds.
  let locked: () => void = () => undefined;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = ctx.sql.begin(async (tx) => {
    await tx`select id from bid_alerts where auction_id = ${auctionId} for update`;
    locked();
    await new Promise((r) => setTimeout(r, 3_000));
    return 'released' as const;
  });
  await isLocked;
  // The alert has fired already: the check answers from its read, before the holder lets go.
  expect(await Promise.race([checkAlerts(ctx, [auctionId]), holder])).toBe(0);
  await holder;
});
