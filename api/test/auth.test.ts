import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SECOND_FACTOR_REQUIRED, LoginBodySchema } from '@app/shared';
import { RATE_LIMITS } from '../src/plugins/rate-limits.js';
import { backoffSeconds, FREE_FAILURES_PER_PAIR, LOGIN_WINDOW_SECONDS, throttleKeys, totpAt } from '@app/core/identity';
import {
  createAdminSession,
  createAuction,
  createUser,
  createUserSession,
  jsonHeaders,
  ORIGIN,
  signIn,
  startTestApp,
  TEST_PASSWORD,
  type TestContext,
} from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const login = (email: string, password: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { origin: ORIGIN, ...headers },
    remoteAddress,
  });

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
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
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
    const both = (
      await ctx.app.inject({ url: '/api/auth/session', headers: { cookie: `${member.cookie}; ${admin.cookie}` } })
    ).json();
    expect(both.user.id).toBe(member.id);
    expect(both.admin.id).toBe(admin.id);
    expect(
      (await ctx.app.inject({ url: '/api/auth/session', headers: { cookie: admin.cookie } })).json(),
    ).toMatchObject({ user: null, admin: { id: admin.id } });
  });

  it('rotates the session on login: the previous token stops working', async () => {
    const user = await createUser(ctx.sql);
    const first = await signIn(ctx.app, user.email);
    const res = await login(user.email, TEST_PASSWORD, { cookie: first });
    expect(res.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: first } })).statusCode).toBe(401);
  });

  it('slows an address down after 5 wrong passwords for an account: 429 with Retry-After, even for the right password', async () => {
    const user = await createUser(ctx.sql);
    const attacker = '203.0.113.7';
    for (let i = 0; i < 5; i += 1)
      expect((await login(user.email, 'wrong-password', {}, attacker)).statusCode).toBe(401);
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
    for (let i = 0; i < 5; i += 1)
      await login(user.email, 'wrong-password', { 'x-forwarded-for': `10.0.0.${i}` }, '203.0.113.9');
    const forged = await login(user.email, 'wrong-password', { 'x-forwarded-for': '10.9.9.9' }, '203.0.113.9');
    expect(forged.statusCode).toBe(429);
  });

  it('keys the throttle by hashes: the longest address the schema accepts leaves keys of a fixed size', async () => {
    // 64 characters before the @ and a 189-character domain of 63-character labels: 254, the most RFC 5321 allows.
    const longest = `${'l'.repeat(64)}@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(57)}.com`;
    expect(longest.length).toBe(254);
    expect(LoginBodySchema.safeParse({ email: longest, password: 'wrong-password' }).success).toBe(true);
    const attacker = '203.0.113.80';
    // Reaches the throttle and the password check (401), not the validator (400).
    expect((await login(longest, 'wrong-password', {}, attacker)).statusCode).toBe(401);
    const k = throttleKeys(ctx.config.REDIS_PREFIX, 'user', longest, attacker);
    for (const key of [k.pair, k.account, k.ip]) {
      expect(await ctx.redis.exists(key), key).toBe(1);
      expect(key.length).toBe(ctx.config.REDIS_PREFIX.length + key.split(':').slice(-3).join(':').length);
      expect(key.length).toBeLessThan(ctx.config.REDIS_PREFIX.length + 90);
    }
    const all = await ctx.redis.keys(`${ctx.config.REDIS_PREFIX}throttle:*`);
    expect(all.every((key) => !key.includes('llll') && key.length < ctx.config.REDIS_PREFIX.length + 90)).toBe(true);
  });

  it('makes an address wait longer after each failure past the free ones: Retry-After 1, 2, 4, 8 seconds', async () => {
    const user = await createUser(ctx.sql);
    const attacker = '203.0.113.81';
    for (let i = 0; i < FREE_FAILURES_PER_PAIR; i += 1)
      expect((await login(user.email, 'wrong-password', {}, attacker)).statusCode).toBe(401);
    const { pair } = throttleKeys(ctx.config.REDIS_PREFIX, 'user', user.email, attacker);
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const refused = await login(user.email, 'wrong-password', {}, attacker);
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers['retry-after']));
      // The wait is over (as if the attacker had sat it out): the next failure counts, and the wait after it doubles.
      await ctx.redis.hset(pair, 'last', String(Date.now() - waits.at(-1)! * 1000));
      expect((await login(user.email, 'wrong-password', {}, attacker)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    expect(Number((await login(user.email, TEST_PASSWORD, {}, attacker)).headers['retry-after'])).toBe(16);
  });

  it('does not believe a forged X-Forwarded-For on sign-up either: changing it does not reset the 10 an hour per address', async () => {
    const from = '203.0.113.82';
    const register = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: from,
        headers: { origin: ORIGIN, 'x-forwarded-for': `10.1.2.${i}` },
        payload: {
          name: 'Spoofer',
          email: `spoof-${i}-${Math.random().toString(36).slice(2)}@example.test`,
          password: 'a-fine-password',
        },
      });
    for (let i = 0; i < RATE_LIMITS.register.max; i += 1) expect((await register(i)).statusCode).toBe(202);
    const forged = await register(99);
    expect(forged.statusCode).toBe(429);
    expect(Number(forged.headers['retry-after'])).toBeGreaterThan(0);
    expect(forged.json()).toEqual({ error: RATE_LIMITS.register.message });
    // Another real address still signs up.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '203.0.113.83',
      headers: { origin: ORIGIN },
      payload: {
        name: 'Neighbour',
        email: `neighbour-${Math.random().toString(36).slice(2)}@example.test`,
        password: 'a-fine-password',
      },
    });
    expect(other.statusCode).toBe(202);
  });
});

describe('the sign-in backoff', () => {
  it('lets the first failures pass, then doubles the wait from 1 second, up to the 15-minute window', () => {
    expect(Array.from({ length: FREE_FAILURES_PER_PAIR }, (_, i) => backoffSeconds(i))).toEqual([0, 0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 14].map(backoffSeconds)).toEqual([1, 2, 4, 8, 16, 512]);
    expect(backoffSeconds(15)).toBe(LOGIN_WINDOW_SECONDS);
    expect(backoffSeconds(1000)).toBe(LOGIN_WINDOW_SECONDS);
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
    const { hashPassword } = await import('@app/infra');
    await ctx.sql`insert into admin_users (email, name, password_hash) values ('root@example.test', 'Root', ${await hashPassword('admin-pass-123')})`;
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: ORIGIN },
      payload: { email: 'root@example.test', password: 'wrong-pass-123' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'Invalid admin credentials' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: ORIGIN },
      payload: { email: 'root@example.test', password: 'admin-pass-123' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = `admin_sid=${res.cookies.find((c) => c.name === 'admin_sid')!.value}`;
    // Admins must have the second factor: until it is on, the session only sets it up.
    const before = await ctx.app.inject({ url: '/api/admin/overview', headers: { cookie } });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ error: ADMIN_SECOND_FACTOR_REQUIRED });
    const me = await ctx.app.inject({ url: '/api/admin/me', headers: { cookie } });
    expect(me.json().admin).toMatchObject({ email: 'root@example.test', secondFactor: false });
    const post = (url: string, payload: object, c = cookie) =>
      ctx.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, cookie: c }, payload });
    const { secret } = (await post('/api/admin/totp/setup', {})).json() as { secret: string };
    const enabled = await post('/api/admin/totp/enable', { code: totpAt(secret, Date.now() - 30_000) });
    expect(enabled.json().recoveryCodes).toHaveLength(10);
    expect((await ctx.app.inject({ url: '/api/admin/overview', headers: { cookie } })).statusCode).toBe(200);

    // From now on the password alone signs in nobody: it gives a challenge, and the code the session.
    const again = await post('/api/admin/login', { email: 'root@example.test', password: 'admin-pass-123' }, '');
    expect(again.cookies.find((c) => c.name === 'admin_sid')).toBeUndefined();
    const { challenge } = again.json().secondFactor as { challenge: string };
    expect((await post('/api/admin/login/second-factor', { challenge, code: '000000' }, '')).statusCode).toBe(400);
    const coded = await post('/api/admin/login/second-factor', { challenge, code: totpAt(secret, Date.now()) }, '');
    expect(coded.statusCode).toBe(200);
    const second = `admin_sid=${coded.cookies.find((c) => c.name === 'admin_sid')!.value}`;
    expect((await ctx.app.inject({ url: '/api/admin/overview', headers: { cookie: second } })).statusCode).toBe(200);
  });

  it('refuses a write when signed out with 401 and stores nothing', async () => {
    const auctionId = await createAuction(ctx.sql);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/bids',
      headers: { origin: ORIGIN },
      payload: { auctionId, amount: 20000 },
    });
    expect(res.statusCode).toBe(401);
    const count = (
      await ctx.sql<{ count: number }[]>`select count(*)::int from bids where auction_id = ${auctionId}`
    )[0]!.count;
    expect(count).toBe(0);
  });

  it("refuses a bid carrying another user's userId with 403 and stores nothing", async () => {
    const auctionId = await createAuction(ctx.sql);
    const me = await createUser(ctx.sql);
    const other = await createUser(ctx.sql);
    const cookie = await signIn(ctx.app, me.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/bids',
      headers: jsonHeaders(cookie),
      payload: { auctionId, amount: 20000, userId: other.id },
    });
    expect(res.statusCode).toBe(403);
    const count = (
      await ctx.sql<{ count: number }[]>`select count(*)::int from bids where auction_id = ${auctionId}`
    )[0]!.count;
    expect(count).toBe(0);
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/bids',
      headers: jsonHeaders(cookie),
      payload: { auctionId, amount: 20000, userId: me.id },
    });
    expect(own.statusCode).toBe(201);
  });

  it('refuses a cookie-authenticated write from a foreign Origin', async () => {
    const auctionId = await createAuction(ctx.sql);
    const me = await createUser(ctx.sql);
    const cookie = await signIn(ctx.app, me.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/bids',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { auctionId, amount: 20000 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-origin request refused' });
  });
});
