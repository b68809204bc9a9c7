import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSecuritySchema, CHAT_RATE_LIMIT, FlaggedUserListSchema } from '@app/shared';
import {
  createAdminSession,
  createAuction,
  createUser,
  createUserSession,
  jsonHeaders,
  ORIGIN,
  startTestApp,
  type TestContext,
} from './support/test-app.js';
import { FLAG_FAILED_SIGN_INS } from '@app/core/admin';
import { FREE_FAILURES_PER_PAIR } from '@app/core/identity';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({}, { RATE_LIMIT_SCALE: '1000' });
});
afterAll(async () => ctx?.close());

describe('admin security tab', () => {
  it('counts failed sign-ins by account and address, and flags many failures and unpaid escrows past their deadline', async () => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const target = await createUser(ctx.sql, { name: 'Targeted Member' });
    for (let i = 0; i < FLAG_FAILED_SIGN_INS; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: ORIGIN },
        remoteAddress: `10.0.0.${i}`,
        payload: { email: target.email, password: 'wrong-password-123' },
      });
      expect([401, 429]).toContain(res.statusCode);
    }
    const buyer = await createUserSession(ctx.app, ctx.sql, { name: 'Slow Payer' });
    const auctionId = await createAuction(ctx.sql, { auctionType: 'buy-it-now', buyItNowPrice: '20000.00' });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/auctions/${auctionId}/buy-now`,
          headers: jsonHeaders(buyer.cookie),
          payload: {},
        })
      ).statusCode,
    ).toBe(201);
    await ctx.sql`update escrow_transactions set payment_due_at = now() - interval '1 hour' where auction_id = ${auctionId}`;
    // Another buyer paid the deposit but not the balance, now past its date.
    const late = await createUserSession(ctx.app, ctx.sql, { name: 'Late Balance' });
    const lateAuction = await createAuction(ctx.sql, { auctionType: 'buy-it-now', buyItNowPrice: '20000.00' });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/auctions/${lateAuction}/buy-now`,
          headers: jsonHeaders(late.cookie),
          payload: {},
        })
      ).statusCode,
    ).toBe(201);
    await ctx.sql`update escrow_transactions set payment_due_at = null where auction_id = ${lateAuction}`;
    await ctx.sql`
      update payment_schedules s set status = case when s.payment_type = 'deposit' then 'paid' else s.status end, due_date = now() - interval '1 hour'
      from escrow_transactions t where t.id = s.transaction_id and t.auction_id = ${lateAuction}`;

    const sec = AdminSecuritySchema.parse(
      (await ctx.app.inject({ url: '/api/admin/security?period=7d', headers: { cookie: admin.cookie } })).json(),
    );
    expect(sec.failedSignInsByAccount.find((a) => a.email === target.email)?.failures).toBe(FLAG_FAILED_SIGN_INS);
    expect(sec.failedSignInsByAddress.find((a) => a.ip === '10.0.0.1')?.failures).toBe(1);
    const flagged = FlaggedUserListSchema.parse(
      (await ctx.app.inject({ url: '/api/admin/flagged-users', headers: { cookie: admin.cookie } })).json(),
    );
    expect(flagged.find((f) => f.email === target.email)).toMatchObject({
      userId: target.id,
      reasons: [`${FLAG_FAILED_SIGN_INS} failed sign-ins`],
    });
    expect(flagged.find((f) => f.userId === buyer.id)).toMatchObject({ reasons: ['unpaid escrow past deadline (1)'] });
    expect(flagged.find((f) => f.userId === late.id)).toMatchObject({ reasons: ['unpaid escrow past deadline (1)'] });

    const member = await createUserSession(ctx.app, ctx.sql);
    expect(
      (await ctx.app.inject({ url: '/api/admin/flagged-users', headers: { cookie: member.cookie } })).statusCode,
    ).toBe(403);
  });

  it('counts throttled requests (429) by route, by address and by account over the period', async () => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const read = async () =>
      AdminSecuritySchema.parse(
        (await ctx.app.inject({ url: '/api/admin/security?period=7d', headers: { cookie: admin.cookie } })).json(),
      ).throttled;
    const before = await read();

    // The sign-in throttle: after the free failures of one account from one address, each retry is answered 429.
    const target = await createUser(ctx.sql, { name: 'Guessed At' });
    const signIns = [];
    for (let i = 0; i < FREE_FAILURES_PER_PAIR + 3; i += 1) {
      signIns.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            headers: { origin: ORIGIN },
            remoteAddress: '10.9.9.9',
            payload: { email: target.email, password: 'wrong-password-123' },
          })
        ).statusCode,
      );
    }
    const refusedSignIns = signIns.filter((c) => c === 429).length;
    expect(refusedSignIns).toBeGreaterThanOrEqual(2);

    // A product rate limit: chat allows a few messages in a short window; the next is refused for this member.
    const chatter = await createUserSession(ctx.app, ctx.sql);
    const auctionId = await createAuction(ctx.sql);
    const chats = [];
    for (let i = 0; i <= CHAT_RATE_LIMIT.messages; i += 1) {
      chats.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/chat/messages/${auctionId}`,
            headers: jsonHeaders(chatter.cookie),
            remoteAddress: '10.9.9.10',
            payload: { message: `hello ${i}` },
          })
        ).statusCode,
      );
    }
    expect(chats.filter((c) => c === 429)).toHaveLength(1);

    const count = <T extends { count: number }>(rows: T[], match: (r: T) => boolean) => rows.find(match)?.count ?? 0;
    // Counted once the answer has gone out: wait for the figure rather than for the hook.
    await expect.poll(async () => (await read()).total).toBe(before.total + refusedSignIns + 1);
    const after = await read();
    expect(
      count(after.byRoute, (r) => r.route === 'POST /api/auth/login') -
        count(before.byRoute, (r) => r.route === 'POST /api/auth/login'),
    ).toBe(refusedSignIns);
    expect(count(after.byRoute, (r) => r.route === 'POST /api/chat/messages/:auctionId')).toBe(1);
    expect(count(after.byAddress, (r) => r.ip === '10.9.9.9')).toBe(refusedSignIns);
    expect(count(after.byAddress, (r) => r.ip === '10.9.9.10')).toBe(1);
    expect(count(after.byAccount, (r) => r.account === target.email)).toBe(refusedSignIns);
    expect(count(after.byAccount, (r) => r.account === chatter.email)).toBe(1);
  });
});
