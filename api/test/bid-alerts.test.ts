import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BidAlertSchema } from '@app/shared';
import { createAuction, createUserSession, jsonHeaders, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

describe('bid alerts', () => {
  it('creates, lists, toggles and deletes an alert for its owner', async () => {
    const auctionId = await createAuction(ctx.sql);
    const me = await createUserSession(ctx.app, ctx.sql);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/bid-alerts',
      headers: jsonHeaders(me.cookie),
      payload: {
        auctionId,
        alertType: 'priceTarget',
        settings: { priceTarget: '25000.50', timeThreshold: 30 },
        userId: me.id,
      },
    });
    expect(created.statusCode).toBe(201);
    const alert = BidAlertSchema.parse(created.json());
    expect(alert.settings).toEqual({
      emailEnabled: true,
      pushEnabled: true,
      smsEnabled: false,
      priceTarget: '25000.50',
      timeThreshold: 30,
    });
    expect(alert.auction.car.make).toBe('Porsche');
    const list = (await ctx.app.inject({ url: '/api/bid-alerts', headers: { cookie: me.cookie } })).json();
    expect(list.map((a: { id: number }) => a.id)).toEqual([alert.id]);
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/bid-alerts/${alert.id}`,
      headers: jsonHeaders(me.cookie),
      payload: { isActive: false },
    });
    expect(off.json().isActive).toBe(false);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/bid-alerts/${alert.id}`, headers: jsonHeaders(me.cookie) }))
        .statusCode,
    ).toBe(204);
    expect((await ctx.app.inject({ url: '/api/bid-alerts', headers: { cookie: me.cookie } })).json()).toEqual([]);
  });

  it('hides an alert from everyone but its owner (404 to read, toggle or delete)', async () => {
    const auctionId = await createAuction(ctx.sql);
    const owner = await createUserSession(ctx.app, ctx.sql);
    const other = await createUserSession(ctx.app, ctx.sql);
    const alert = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/bid-alerts',
        headers: jsonHeaders(owner.cookie),
        payload: { auctionId, alertType: 'endingSoon' },
      })
    ).json();
    expect((await ctx.app.inject({ url: '/api/bid-alerts', headers: { cookie: other.cookie } })).json()).toEqual([]);
    const toggle = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/bid-alerts/${alert.id}`,
      headers: jsonHeaders(other.cookie),
      payload: { isActive: false },
    });
    expect(toggle.statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/bid-alerts/${alert.id}`,
          headers: jsonHeaders(other.cookie),
        })
      ).statusCode,
    ).toBe(404);
    const [row] = await ctx.sql<{ isActive: boolean }[]>`select is_active from bid_alerts where id = ${alert.id}`;
    expect(row!.isActive).toBe(true);
  });

  it('requires a price target for priceTarget alerts and a listed threshold', async () => {
    const auctionId = await createAuction(ctx.sql);
    const me = await createUserSession(ctx.app, ctx.sql);
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/bid-alerts', headers: jsonHeaders(me.cookie), payload });
    expect((await post({ auctionId, alertType: 'priceTarget' })).statusCode).toBe(400);
    expect((await post({ auctionId, alertType: 'timeRemaining', settings: { timeThreshold: 7 } })).statusCode).toBe(
      400,
    );
    expect((await post({ auctionId, alertType: 'sometimes' })).statusCode).toBe(400);
    expect((await post({ auctionId: 999999, alertType: 'outbid' })).statusCode).toBe(404);
  });
});
