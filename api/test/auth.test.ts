import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession, createAuction, createUser, createUserSession, jsonHeaders, ORIGIN, signIn, startTestApp, TEST_PASSWORD, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const login = (email: string, password: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { origin: ORIGIN, ...headers }, remoteAddress });

describe('signing in', () => {
  it('signs in with the right password and sets an HttpOnly SameSite=Lax session cookie', async () => {
    const user = await createUser(ctx.sql, { name: 'Avery Dealer' });
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { id: user.id, name: 'Avery Dealer', email: user.email, isPremium: false } });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    // A client's own X-Forwarded-Proto is not believed...
    const claimed = await login(user.email, TEST_PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(String(claimed.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('believes X-Forwarded-For and -Proto only from a configured proxy (TRUST_PROXY)', async () => {
    const behindProxy = await startTestApp({}, { TRUST_PROXY: '127.0.0.1' });
    try {
      const user = await createUser(behindProxy.sql);
      const res = await behindProxy.app.inject({
        method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD },
        headers: { origin: ORIGIN, 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' },
      });
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await behindProxy.close();
    }
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const user = await createUser(ctx.sql);
    const wrong = await login(user.email, 'not-the-password');
    const unknown = await login('nobody-here@example.test', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ error: 'Invalid email or password' });
  });

  it('validates the body with the spec messages', async () => {
    const res = await login('not-an-email', '123');
    expect(res.statusCode).toBe(400);
    const messages = res.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toContain('Invalid email address');
    expect(messages).toContain('Password must be at least 6 characters');
  });

  it('knows the user from the session, which survives an API restart, and logout ends it', async () => {
    const user = await createUser(ctx.sql);
    const cookie = await signIn(ctx.app, user.email);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user.id).toBe(user.id);
    await ctx.rebuild();
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: jsonHeaders(cookie) });
    expect(out.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers the session query with 200 and nulls when signed out, and names the member and the admin of this browser', async () => {
    const out = await ctx.app.inject({ url: '/api/auth/session' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ user: null, admin: null });
    const member = await createUserSession(ctx.app, ctx.sql);
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const both = (await ctx.app.inject({ url: '/api/auth/session', headers: { cookie: `${member.cookie}; ${admin.cookie}` } })).json();
    expect(both.user.id).toBe(member.id);
    expect(both.admin.id).toBe(admin.id);
    expect((await ctx.app.inject({ url: '/api/auth/session', headers: { cookie: admin.cookie } })).json()).toMatchObject({ user: null, admin: { id: admin.id } });
  });

  it('rotates the session on login: the previous token stops working', async () => {
    const user = await createUser(ctx.sql);
    const first = await signIn(ctx.app, user.email);
    const res = await login(user.email, TEST_PASSWORD, { cookie: first });
    expect(res.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: first } })).statusCode).toBe(401);
  });

  it('slows an address down after 5 wrong passwords for an account: 429 with Retry-After, growing with each failure', async () => {
    const user = await createUser(ctx.sql);
    const attacker = '203.0.113.7';
    for (let i = 0; i < 5; i += 1) expect((await login(user.email, 'wrong-password', {}, attacker)).statusCode).toBe(401);
    const sixth = await login(user.email, 'wrong-password', {}, attacker);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits, from that address.
    expect((await login(user.email, TEST_PASSWORD, {}, attacker)).statusCode).toBe(429);
  });

  it('lets the owner sign in from their own address while an attacker is throttled on the account', async () => {
    const user = await createUser(ctx.sql);
    for (let i = 0; i < 5; i += 1) await login(user.email, 'wrong-password', {}, '198.51.100.20');
    expect((await login(user.email, 'wrong-password', {}, '198.51.100.20')).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, {}, '192.0.2.44')).statusCode).toBe(200);
  });

  it('does not believe a forged X-Forwarded-For: changing it does not reset the limit (no trusted proxy configured)', async () => {
    const user = await createUser(ctx.sql);
    for (let i = 0; i < 5; i += 1) await login(user.email, 'wrong-password', { 'x-forwarded-for': `10.0.0.${i}` }, '203.0.113.9');
    const forged = await login(user.email, 'wrong-password', { 'x-forwarded-for': '10.9.9.9' }, '203.0.113.9');
    expect(forged.statusCode).toBe(429);
  });

  it('keys the throttle by hashes: a 200 KB email leaves a fixed-size key', async () => {
    const huge = `${'a'.repeat(200_000)}@example.test`;
    expect((await login(huge, 'wrong-password')).statusCode).toBe(400);
    const keys = await ctx.redis.keys(`${ctx.config.REDIS_PREFIX}throttle:*`);
    expect(keys.every((k) => k.length < ctx.config.REDIS_PREFIX.length + 100)).toBe(true);
  });
});

describe('guards', () => {
  it('refuses admin routes: 401 signed out, 403 for an ordinary user', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/me' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/admin/overview' })).statusCode).toBe(401);
    const user = await createUser(ctx.sql);
    const cookie = await signIn(ctx.app, user.email);
    const res = await ctx.app.inject({ url: '/api/admin/overview', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Admin access only' });
  });

  it('lets an admin sign in with its own session and read admin routes', async () => {
    const { hashPassword } = await import('../src/services/passwords.js');
    await ctx.sql`insert into admin_users (email, name, password_hash) values ('root@example.test', 'Root', ${await hashPassword('admin-pass-123')})`;
    const bad = await ctx.app.inject({
      method: 'POST', url: '/api/admin/login', headers: { origin: ORIGIN },
      payload: { email: 'root@example.test', password: 'wrong-pass-123' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'Invalid admin credentials' });
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/admin/login', headers: { origin: ORIGIN },
      payload: { email: 'root@example.test', password: 'admin-pass-123' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = `admin_sid=${res.cookies.find((c) => c.name === 'admin_sid')!.value}`;
    expect((await ctx.app.inject({ url: '/api/admin/overview', headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses a write when signed out with 401 and stores nothing', async () => {
    const auctionId = await createAuction(ctx.sql);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/bids', headers: { origin: ORIGIN }, payload: { auctionId, amount: 20000 } });
    expect(res.statusCode).toBe(401);
    const count = (await ctx.sql<{ count: number }[]>`select count(*)::int from bids where auction_id = ${auctionId}`)[0]!.count;
    expect(count).toBe(0);
  });

  it("refuses a bid carrying another user's userId with 403 and stores nothing", async () => {
    const auctionId = await createAuction(ctx.sql);
    const me = await createUser(ctx.sql);
    const other = await createUser(ctx.sql);
    const cookie = await signIn(ctx.app, me.email);
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/bids', headers: jsonHeaders(cookie), payload: { auctionId, amount: 20000, userId: other.id },
    });
    expect(res.statusCode).toBe(403);
    const count = (await ctx.sql<{ count: number }[]>`select count(*)::int from bids where auction_id = ${auctionId}`)[0]!.count;
    expect(count).toBe(0);
    const own = await ctx.app.inject({
      method: 'POST', url: '/api/bids', headers: jsonHeaders(cookie), payload: { auctionId, amount: 20000, userId: me.id },
    });
    expect(own.statusCode).toBe(201);
  });

  it('refuses a cookie-authenticated write from a foreign Origin', async () => {
    const auctionId = await createAuction(ctx.sql);
    const me = await createUser(ctx.sql);
    const cookie = await signIn(ctx.app, me.email);
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/bids', headers: { cookie, origin: 'https://evil.example' }, payload: { auctionId, amount: 20000 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-origin request refused' });
  });
});
