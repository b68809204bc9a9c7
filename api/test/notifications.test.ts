import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUnsubscribe, signingKey } from '@app/core/notices';
import { EmailSettingsSchema, NotificationListSchema } from '@app/shared';
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

async function notice(userId: number, subject: string, text: string): Promise<number> {
  const [row] = await ctx.sql<{ id: number }[]>`
    insert into notifications (user_id, kind, subject, text, link) values (${userId}, 'outbid', ${subject}, ${text}, '/listing/1') returning id`;
  return row!.id;
}

describe('notifications', () => {
  it("lists a user's own notices newest first with the unread count, and marks them read up to the one seen", async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    const other = await createUserSession(ctx.app, ctx.sql);
    const first = await notice(me.id, 'bid:1', 'First');
    const second = await notice(me.id, 'bid:2', 'Second');
    await notice(other.id, 'bid:3', 'Not yours');
    const list = NotificationListSchema.parse(
      (await ctx.app.inject({ url: '/api/notifications', headers: { cookie: me.cookie } })).json(),
    );
    expect(list.items.map((n) => [n.id, n.text, n.read])).toEqual([
      [second, 'Second', false],
      [first, 'First', false],
    ]);
    expect(list.unread).toBe(2);
    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: jsonHeaders(me.cookie),
      payload: { upToId: first },
    });
    expect(read.json()).toEqual({ unread: 1 });
    const after = NotificationListSchema.parse(
      (await ctx.app.inject({ url: '/api/notifications', headers: { cookie: me.cookie } })).json(),
    );
    expect(after.items.map((n) => n.read)).toEqual([false, true]);
    // Another user's id marks nothing of theirs.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: jsonHeaders(other.cookie),
      payload: { upToId: second },
    });
    expect(
      NotificationListSchema.parse(
        (await ctx.app.inject({ url: '/api/notifications', headers: { cookie: me.cookie } })).json(),
      ).unread,
    ).toBe(1);
  });

  it('needs a session, and refuses bad input with 400', async () => {
    expect((await ctx.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
    const me = await createUserSession(ctx.app, ctx.sql);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: jsonHeaders(me.cookie),
      payload: { upToId: -5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.length).toBeGreaterThan(0);
    const kind = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings/email',
      headers: jsonHeaders(me.cookie),
      payload: { kind: 'spam', email: false },
    });
    expect(kind.statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/watchlist/abc', headers: jsonHeaders(me.cookie) })).statusCode,
    ).toBe(400);
  });

  it('watches and unwatches an auction, twice over without harm; a pending auction cannot be watched', async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    const auctionId = await createAuction(ctx.sql);
    const watch = () =>
      ctx.app.inject({ method: 'POST', url: `/api/watchlist/${auctionId}`, headers: jsonHeaders(me.cookie) });
    const results = await Promise.all([watch(), watch(), watch()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await ctx.app.inject({ url: '/api/watchlist', headers: { cookie: me.cookie } })).json()).toEqual({
      auctionIds: [auctionId],
    });
    const un = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/watchlist/${auctionId}`,
      headers: jsonHeaders(me.cookie),
    });
    expect(un.json()).toEqual({ auctionId, watching: false });
    expect((await ctx.app.inject({ url: '/api/watchlist', headers: { cookie: me.cookie } })).json()).toEqual({
      auctionIds: [],
    });
    const pending = await createAuction(ctx.sql, { status: 'pending' });
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/watchlist/${pending}`, headers: jsonHeaders(me.cookie) }))
        .statusCode,
    ).toBe(404);
  });

  it('turns email off per kind in settings, and with a signed unsubscribe link for exactly its user and kind', async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    const settings = EmailSettingsSchema.parse(
      (await ctx.app.inject({ url: '/api/settings/email', headers: { cookie: me.cookie } })).json(),
    );
    expect(Object.values(settings.email).every(Boolean)).toBe(true);
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings/email',
      headers: jsonHeaders(me.cookie),
      payload: { kind: 'watch-ending', email: false },
    });
    expect(EmailSettingsSchema.parse(off.json()).email['watch-ending']).toBe(false);

    const token = signUnsubscribe(await signingKey(ctx.sql), me.id, 'won');
    const unsub = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      headers: jsonHeaders(),
      payload: { token },
    });
    expect(unsub.statusCode).toBe(200);
    expect(unsub.json()).toEqual({ kind: 'won', email: false });
    const now = EmailSettingsSchema.parse(
      (await ctx.app.inject({ url: '/api/settings/email', headers: { cookie: me.cookie } })).json(),
    );
    expect(now.email).toMatchObject({ won: false, 'watch-ending': false, sold: true, outbid: true });

    // The same token for another user or another kind, or signed with another key, is refused.
    for (const forged of [
      token.replace(`${me.id}.`, `${me.id + 1}.`),
      token.replace('.won.', '.sold.'),
      signUnsubscribe('not-the-key', me.id, 'sold'),
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        headers: jsonHeaders(),
        payload: { token: forged },
      });
      expect(res.statusCode).toBe(400);
    }
    const after = EmailSettingsSchema.parse(
      (await ctx.app.inject({ url: '/api/settings/email', headers: { cookie: me.cookie } })).json(),
    );
    expect(after.email.sold).toBe(true);
  });

  it("shows the mail catcher's inbox to admins only", async () => {
    await ctx.sql`insert into caught_mails (mail_from, mail_to, subject, text_body, headers)
      values ('CarBid <notices@carbid.example>', 'a@example.test', 'Hello', 'Body', ${ctx.sql.json({ 'list-unsubscribe': '<http://localhost:3000/unsubscribe?token=x>' })})`;
    const me = await createUserSession(ctx.app, ctx.sql);
    expect((await ctx.app.inject({ url: '/api/admin/mail' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/admin/mail', headers: { cookie: me.cookie } })).statusCode).toBe(403);
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const mails = await ctx.app.inject({ url: '/api/admin/mail', headers: { cookie: admin.cookie } });
    expect(mails.statusCode).toBe(200);
    expect(mails.json()[0]).toMatchObject({
      subject: 'Hello',
      to: 'a@example.test',
      unsubscribeUrl: 'http://localhost:3000/unsubscribe?token=x',
    });
  });
});
