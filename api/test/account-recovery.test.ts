// The account routes over HTTP: a reset request answered alike for every address and throttled per client address; a
// reset that signs this browser in and the member's other browsers out; sign-in with the second factor.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { bullConnection, bullPrefix } from '@app/infra';
import { totpAt } from '@app/core/identity';
import { QUEUE_NAMES, RESET_ANSWER, SECOND_FACTOR_THROTTLED, accountMailJobId, type AccountMailJob } from '@app/shared';
import { ORIGIN, REDIS_URL, createUser, signIn, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let queue: Queue;
beforeAll(async () => {
  ctx = await startTestApp();
  queue = new Queue(QUEUE_NAMES.notices, {
    connection: bullConnection(REDIS_URL),
    prefix: bullPrefix(ctx.config.REDIS_PREFIX),
  });
});
afterAll(async () => {
  await queue?.close();
  await ctx?.close();
});

let clients = 0;
const post = (url: string, payload: unknown, o: { cookie?: string; from?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, ...(o.cookie ? { cookie: o.cookie } : {}) },
    payload: payload as object,
    remoteAddress: o.from ?? `203.0.113.${(clients += 1)}`,
  });
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

async function tokenOf(email: string): Promise<string> {
  const [r] = await ctx.sql<{ id: number }[]>`select max(id) as id from password_resets where email = ${email}`;
  const job = await queue.getJob(accountMailJobId({ kind: 'password-reset', id: r!.id }));
  return (job!.data as AccountMailJob).token;
}

it('answers a reset request alike for an address with an account and one without', async () => {
  const user = await createUser(ctx.sql);
  const known = await post('/api/auth/forgot-password', { email: user.email });
  const unknown = await post('/api/auth/forgot-password', { email: 'nobody-at-all@example.test' });
  expect(known.statusCode).toBe(202);
  expect(unknown.statusCode).toBe(202);
  expect(known.json()).toEqual({ message: RESET_ANSWER });
  expect(unknown.body).toBe(known.body);
  expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
  expect(await tokenOf('nobody-at-all@example.test')).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

it('throttles reset requests from one client address: ten an hour', async () => {
  const statuses = [];
  for (let i = 0; i < 11; i++)
    statuses.push(
      (await post('/api/auth/forgot-password', { email: `a${i}@example.test` }, { from: '192.0.2.77' })).statusCode,
    );
  expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
  expect(statuses[10]).toBe(429);
});

it('signs the resetting browser in with the new password and every other browser out', async () => {
  const user = await createUser(ctx.sql);
  const other = await signIn(ctx.app, user.email);
  expect((await me(other)).statusCode).toBe(200);
  await post('/api/auth/forgot-password', { email: user.email });
  const reset = await post('/api/auth/reset-password', {
    token: await tokenOf(user.email),
    password: 'a long unusual passphrase 93',
  });
  expect(reset.statusCode).toBe(200);
  expect(reset.json().user).toMatchObject({ id: user.id });
  const fresh = `sid=${reset.cookies.find((c) => c.name === 'sid')!.value}`;
  expect((await me(fresh)).statusCode).toBe(200);
  expect((await me(other)).statusCode).toBe(401);
  expect((await signIn(ctx.app, user.email, 'a long unusual passphrase 93')).startsWith('sid=')).toBe(true);
});

it('asks for the second factor after the password and throttles wrong codes with a clear message', async () => {
  const user = await createUser(ctx.sql);
  const cookie = await signIn(ctx.app, user.email);
  const setup = await post('/api/account/totp/setup', {}, { cookie });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await post('/api/account/totp/enable', { code: totpAt(secret, Date.now() - 30_000) }, { cookie });
  expect(enabled.statusCode).toBe(200);
  expect(enabled.json().recoveryCodes).toHaveLength(10);

  const login = await post('/api/auth/login', { email: user.email, password: 'correct-horse-battery' });
  expect(login.statusCode).toBe(200);
  expect(login.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  const { challenge } = login.json().secondFactor as { challenge: string };
  for (let i = 0; i < 5; i++)
    expect((await post('/api/auth/login/second-factor', { challenge, code: '000000' })).statusCode).toBe(400);
  const blocked = await post('/api/auth/login/second-factor', { challenge, code: totpAt(secret, Date.now()) });
  expect(blocked.statusCode).toBe(429);
  expect(blocked.json().error).toBe(SECOND_FACTOR_THROTTLED);
  expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
});
