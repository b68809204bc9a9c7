// Bid alerts fire once per condition: two workers checking the same auction at once fire each alert once.
import { expect, it } from 'vitest';
import { createAlert } from '../../src/alerts/bid-alerts.js';
import { checkAlerts } from '../../src/alerts/check-alerts.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

it('fires a price-target alert once when two checks race, and not again on the next check', async () => {
  const watcher = await createUser(ctx.sql);
  const auctionId = await createAuction(ctx.sql, { currentBid: '30000.00', bidCount: 3 });
  await createAlert(ctx.sql, watcher.id, {
    auctionId,
    alertType: 'priceTarget',
    settings: { emailEnabled: true, pushEnabled: true, smsEnabled: false, priceTarget: 25_000_00, timeThreshold: 30 },
  });
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
