import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUnsubscribe, signingKey } from '@app/core/notices';
import { DigestSettingsSchema, EmailSettingsSchema, PushKeySchema } from '@app/shared';
import { createUserSession, jsonHeaders, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

// A P-256 public key (65 bytes) and an auth secret (16 bytes), base64url: shapes only, nothing is pushed here.
const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

describe('RFC 8058 one-click unsubscribe', () => {
  it('a POST to the List-Unsubscribe URL with the one-click body turns that mail off with no session and no Origin', async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    const token = signUnsubscribe(await signingKey(ctx.sql), me.id, 'outbid');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'outbid', email: false });
    const settings = EmailSettingsSchema.parse(
      (await ctx.app.inject({ url: '/api/settings/email', headers: { cookie: me.cookie } })).json(),
    );
    expect(settings.email.outbid).toBe(false);
    expect(settings.email.won).toBe(true);
  });

  it('a forged or tampered token is refused 400 and changes nothing; a GET only leads to the page', async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    const good = signUnsubscribe(await signingKey(ctx.sql), me.id, 'won');
    for (const token of [
      signUnsubscribe('not-the-key', me.id, 'won'),
      good.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      `${me.id}.won.${'x'.repeat(43)}`,
      'garbage',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    const get = await ctx.app.inject({ url: `/api/unsubscribe?token=${encodeURIComponent(good)}` });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(good)}`);
    const settings = EmailSettingsSchema.parse(
      (await ctx.app.inject({ url: '/api/settings/email', headers: { cookie: me.cookie } })).json(),
    );
    expect(settings.email.won).toBe(true);
  });

  it("the digest's token turns the digest off", async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/digest',
      headers: jsonHeaders(me.cookie),
      payload: { enabled: true, hour: 7, timeZone: 'Europe/Berlin' },
    });
    expect(put.json()).toEqual({ enabled: true, hour: 7, timeZone: 'Europe/Berlin' });
    const token = signUnsubscribe(await signingKey(ctx.sql), me.id, 'digest');
    const res = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(res.json()).toEqual({ kind: 'digest', email: false });
    const after = DigestSettingsSchema.parse(
      (await ctx.app.inject({ url: '/api/settings/digest', headers: { cookie: me.cookie } })).json(),
    );
    expect(after.enabled).toBe(false);
  });
});

describe('digest settings', () => {
  it('refuses an unknown time zone or hour with 400', async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    for (const payload of [
      { enabled: true, hour: 7, timeZone: 'Mars/Olympus' },
      { enabled: true, hour: 24, timeZone: 'UTC' },
      { enabled: true, hour: 7, timeZone: 'x'.repeat(100) },
    ]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/settings/digest',
        headers: jsonHeaders(me.cookie),
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('push subscriptions', () => {
  it('hands out the VAPID public key, made once outside production and kept', async () => {
    const a = PushKeySchema.parse((await ctx.app.inject({ url: '/api/push/key' })).json());
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const [row] = await ctx.sql<
      { value: string }[]
    >`select value from app_secrets where name = 'vapid-development-keys'`;
    expect(JSON.parse(row!.value)).toMatchObject({ publicKey: a.publicKey });
  });

  it('keeps an https endpoint per device and refuses endpoints that would point the workers elsewhere', async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    const subscribe = (endpoint: string, k = keys) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: jsonHeaders(me.cookie),
        payload: { endpoint, keys: k },
      });
    const ok = await subscribe('https://fcm.googleapis.com/fcm/send/abc');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ devices: 1 });
    for (const endpoint of [
      'http://127.0.0.1:9/push',
      'http://push.example.com/x',
      'https://127.0.0.1/x',
      'https://10.0.0.5/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://metadata.internal/x',
      'https://user:pw@push.example.com/x',
      'file:///etc/passwd',
      `https://push.example.com/${'a'.repeat(1000)}`,
    ]) {
      const res = await subscribe(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
    }
    expect((await subscribe('https://push.example.com/y', { ...keys, auth: 'short' })).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: jsonHeaders(),
      payload: { endpoint: 'https://push.example.com/z', keys },
    });
    expect(anonymous.statusCode).toBe(401);
    const off = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: jsonHeaders(me.cookie),
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
    });
    expect(off.json()).toEqual({ devices: 0 });
  });

  it('keeps at most 20 devices per member, dropping the oldest', async () => {
    const me = await createUserSession(ctx.app, ctx.sql);
    let last;
    for (let i = 0; i < 21; i++)
      last = await ctx.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: jsonHeaders(me.cookie),
        payload: { endpoint: `https://push.example.com/device/${me.id}/${i}`, keys },
      });
    expect(last!.json()).toEqual({ devices: 20 });
    const kept = await ctx.sql<{ endpoint: string }[]>`
      select endpoint from push_subscriptions where user_id = ${me.id} and endpoint like '%/0'`;
    expect(kept).toEqual([]);
  });
});
