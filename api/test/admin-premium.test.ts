import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUserListSchema, SessionStateSchema, streams } from '@app/shared';
import {
  createAdminSession,
  createAuction,
  createUserSession,
  jsonHeaders,
  startTestApp,
  type TestContext,
} from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const setPremium = (cookie: string, userId: number, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/premium`,
    headers: jsonHeaders(cookie),
    payload: payload as object,
  });
const audit = (userId: number) =>
  ctx.sql<{ adminId: number; action: string; details: { isPremium: boolean } }[]>`
    select admin_id, action, details from admin_audit_log where subject = ${`user:${userId}`} order by id`;
const premiumOf = async (userId: number) =>
  (await ctx.sql<{ isPremium: boolean }[]>`select is_premium from users where id = ${userId}`)[0]!.isPremium;

describe('admin premium flag', () => {
  it('turning it on lets the member bid on Premium Only auctions at once, is audited with the admin, and tells the other admins; setting it again changes nothing', async () => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const member = await createUserSession(ctx.app, ctx.sql);
    const auctionId = await createAuction(ctx.sql, { isPremiumOnly: true, startingBid: '1000.00' });
    const bid = (amount: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/bids',
        headers: jsonHeaders(member.cookie),
        payload: { auctionId, amount },
      });
    expect((await bid('1000.00')).statusCode).toBe(403);
    const announcedBefore = (await ctx.sql`select 1 from outbox where stream = ${streams.admins}`).length;

    expect((await setPremium(admin.cookie, member.id, { isPremium: true })).statusCode).toBe(204);
    expect(await premiumOf(member.id)).toBe(true);
    // The member's own session says so without signing in again, and the bid that was refused now goes through.
    expect(
      SessionStateSchema.parse(
        (await ctx.app.inject({ url: '/api/auth/session', headers: { cookie: member.cookie } })).json(),
      ).user?.isPremium,
    ).toBe(true);
    expect((await bid('1000.00')).statusCode).toBe(201);
    const listed = AdminUserListSchema.parse(
      (
        await ctx.app.inject({
          url: `/api/admin/users?search=${encodeURIComponent(member.email)}`,
          headers: { cookie: admin.cookie },
        })
      ).json(),
    );
    expect(listed.items.map((u) => [u.id, u.isPremium])).toEqual([[member.id, true]]);
    expect(await audit(member.id)).toEqual([
      { adminId: admin.id, action: 'user.premium', details: { isPremium: true } },
    ]);
    const announced = await ctx.sql<
      { payload: { type: string; what: string; subject: string } }[]
    >`select payload from outbox where stream = ${streams.admins} order by id`;
    expect(announced).toHaveLength(announcedBefore + 1);
    expect(announced.at(-1)!.payload).toMatchObject({
      type: 'admin.changed',
      what: 'user',
      subject: `user:${member.id}`,
    });

    expect((await setPremium(admin.cookie, member.id, { isPremium: true })).statusCode).toBe(204);
    expect(await audit(member.id)).toHaveLength(1);

    expect((await setPremium(admin.cookie, member.id, { isPremium: false })).statusCode).toBe(204);
    expect(await premiumOf(member.id)).toBe(false);
    expect((await audit(member.id)).map((a) => a.details)).toEqual([{ isPremium: true }, { isPremium: false }]);
  });

  it('two admins setting it at once apply one after the other: the flag left is the last one audited', async () => {
    const [a, b] = [await createAdminSession(ctx.app, ctx.sql), await createAdminSession(ctx.app, ctx.sql)];
    const member = await createUserSession(ctx.app, ctx.sql);
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all([
        setPremium(a.cookie, member.id, { isPremium: true }),
        setPremium(b.cookie, member.id, { isPremium: false }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([204, 204]);
      const rows = await audit(member.id);
      expect(rows.at(-1)?.details.isPremium ?? false).toBe(await premiumOf(member.id));
    }
  });

  it('is for admins only, refuses a bad body or an unknown member, and changes nothing then', async () => {
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const member = await createUserSession(ctx.app, ctx.sql);
    expect((await setPremium(member.cookie, member.id, { isPremium: true })).statusCode).toBe(403);
    expect((await setPremium('', member.id, { isPremium: true })).statusCode).toBe(401);
    const bad = await setPremium(admin.cookie, member.id, { isPremium: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.length).toBeGreaterThan(0);
    expect((await setPremium(admin.cookie, 2_000_000, { isPremium: true })).statusCode).toBe(404);
    expect(await premiumOf(member.id)).toBe(false);
    expect(await audit(member.id)).toEqual([]);
  });
});
