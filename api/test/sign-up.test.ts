import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { bullConnection, bullPrefix } from '@app/infra';
import { signingKey, signSignUp } from '@app/core/notices';
import {
  QUEUE_NAMES,
  SIGN_UP_ALREADY_DONE,
  SIGN_UP_SIGNED_IN,
  SIGN_UP_ANSWER,
  SIGN_UP_LINK_EXPIRED,
  SIGN_UP_LINK_INVALID,
  signUpMailJobId,
} from '@app/shared';
import {
  createUser,
  ORIGIN,
  REDIS_URL,
  signIn,
  startTestApp,
  TEST_PASSWORD,
  type TestContext,
} from './support/test-app.js';

let ctx: TestContext;
let mailQueue: Queue;
beforeAll(async () => {
  ctx = await startTestApp();
  mailQueue = new Queue(QUEUE_NAMES.notices, {
    connection: bullConnection(REDIS_URL),
    prefix: bullPrefix(ctx.config.REDIS_PREFIX),
  });
});
afterAll(async () => {
  await mailQueue?.close();
  await ctx?.close();
});

const PASSWORD = 'long-enough-pw';
const fresh = (label: string) => `${label}-${Math.random().toString(36).slice(2)}@example.test`;
let clients = 0;
/** Each from an address of its own: sign-ups are limited to 10 an hour per address. */
const register = (body: { name: string; email: string; password: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { origin: ORIGIN },
    payload: body,
    remoteAddress: `198.51.100.${(clients += 1)}`,
  });
/** The password chosen at sign-up comes with the link (every sign-up here chooses PASSWORD). */
const confirm = (token: string, cookie?: string, password = PASSWORD) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { token, password },
  });
const attemptsFor = (email: string) =>
  ctx.sql<{ id: number; name: string | null; passwordHash: string | null; existingUserId: number | null }[]>`
    select id, name, password_hash, existing_user_id from sign_up_attempts where email = ${email} order by id`;
/** The token the mailed link carries (the workers sign it with the same key; integration/sign-up.test.ts reads the mail). */
const linkToken = async (attemptId: number) => signSignUp(await signingKey(ctx.sql), attemptId);
const accounts = async (email: string) => (await ctx.sql`select 1 from users where email = ${email}`).length;
const tryLogin = (email: string, password = PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ORIGIN }, payload: { email, password } });

describe('registration does not tell who has an account', () => {
  it('answers a new address and an address with an account alike (status, body, headers), each with a mail job queued', async () => {
    const owner = await createUser(ctx.sql, { name: 'Existing Owner' });
    const newEmail = fresh('newcomer');
    let t = performance.now();
    const forNew = await register({ name: 'Newcomer', email: newEmail, password: PASSWORD });
    const newMs = performance.now() - t;
    t = performance.now();
    const forTaken = await register({ name: 'Intruder', email: owner.email, password: PASSWORD });
    const takenMs = performance.now() - t;
    // Printed, not asserted: both do one password hash, one insert and one enqueue.
    console.log(`sign-up answer: new address ${newMs.toFixed(0)} ms, address with an account ${takenMs.toFixed(0)} ms`);

    expect(forNew.statusCode).toBe(202);
    expect(forTaken.statusCode).toBe(202);
    expect(forNew.body).toBe(forTaken.body);
    expect(forNew.json()).toEqual({ message: SIGN_UP_ANSWER });
    const headerNames = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => !['date', 'x-request-id'].includes(k))
        .sort();
    expect(headerNames(forNew.headers)).toEqual(headerNames(forTaken.headers));
    expect(forNew.headers['set-cookie']).toBeUndefined();
    expect(forTaken.headers['set-cookie']).toBeUndefined();

    const [newAttempt] = await attemptsFor(newEmail);
    const [takenAttempt] = await attemptsFor(owner.email);
    expect(newAttempt).toMatchObject({ name: 'Newcomer', existingUserId: null });
    // The owner keeps their account untouched; the stranger's name and password are not kept.
    expect(takenAttempt).toMatchObject({ name: null, passwordHash: null, existingUserId: owner.id });
    for (const a of [newAttempt!, takenAttempt!]) {
      const job = await mailQueue.getJob(signUpMailJobId(a.id));
      expect(job?.data).toEqual({ attemptId: a.id });
    }
    expect(await accounts(newEmail)).toBe(0);
    expect((await tryLogin(owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps an argon2id hash of a new sign-up, never the password, and makes the address lower case', async () => {
    const email = fresh('Mixed.Case');
    expect((await register({ name: 'New Person', email: email.toUpperCase(), password: PASSWORD })).statusCode).toBe(
      202,
    );
    const [a] = await attemptsFor(email.toLowerCase());
    expect(a!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(a!.passwordHash).not.toContain(PASSWORD);
  });

  it("refuses common passwords, the demo accounts' published ones, short ones padded with spaces, and the address itself, storing nothing", async () => {
    const emails: string[] = [];
    const weak = (email: string) => [
      'password',
      '12345678',
      'Password1',
      '        ',
      ' qwertyuiop ',
      'a      b',
      'ab cd ef g',
      'demo-password',
      'Admin-Password',
      email,
      email.toUpperCase(),
      email.slice(0, email.indexOf('@')),
    ];
    for (const i of weak('x@y').keys()) {
      emails.push(fresh('weak-passwords'));
      const password = weak(emails.at(-1)!)[i]!;
      const res = await register({ name: 'Weak', email: emails.at(-1)!, password });
      expect(res.statusCode, password).toBe(400);
    }
    expect((await ctx.sql`select 1 from sign_up_attempts where email = any(${emails})`).length).toBe(0);
    expect((await ctx.sql`select 1 from users where name = 'Weak'`).length).toBe(0);
  });
});

describe('confirming a sign-up', () => {
  it('makes the account only when the mailed link is confirmed: no sign-in before, signed in by the link, the link works once', async () => {
    const email = fresh('confirm');
    await register({ name: 'Link Follower', email, password: PASSWORD });
    // Before the link: the password given at sign-up hears the account is not confirmed; any other password hears
    // what an unknown address hears, so the answer tells a stranger nothing.
    const early = await tryLogin(email);
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toMatch(/^This account is not confirmed yet: open the link in the email we sent you/);
    const wrong = await tryLogin(email, 'not-the-password');
    const unknown = await tryLogin(fresh('nobody'), 'not-the-password');
    expect([wrong.statusCode, wrong.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password' });

    const [a] = await attemptsFor(email);
    const token = await linkToken(a!.id);
    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ user: { name: 'Link Follower', email, isPremium: false } });
    const cookie = `sid=${ok.cookies.find((c) => c.name === 'sid')!.value}`;
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user.email).toBe(email);
    // The password given at sign-up is the account's.
    expect((await tryLogin(email)).statusCode).toBe(200);

    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: SIGN_UP_ALREADY_DONE });
    expect(await accounts(email)).toBe(1);
  });

  it("leaves a signed-in browser as it is: someone else's link does not switch it to the new account", async () => {
    const member = await createUser(ctx.sql);
    const signedIn = await signIn(ctx.app, member.email);
    const email = fresh('switch');
    await register({ name: 'Stranger', email, password: PASSWORD });
    const token = await linkToken((await attemptsFor(email))[0]!.id);
    const refused = await confirm(token, signedIn);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: SIGN_UP_SIGNED_IN });
    expect(refused.cookies).toEqual([]);
    expect(await accounts(email)).toBe(0);
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: signedIn } });
    expect(me.json().user.email).toBe(member.email);
    // The link is not used up: opened in a browser signed in to nothing (or to a session that ended), it works.
    const ok = await confirm(token, 'sid=an-ended-session');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(email);
  });

  it('refuses a forged or tampered link, an expired one, and any link for an address that had an account, changing nothing', async () => {
    const owner = await createUser(ctx.sql);
    await register({ name: 'Intruder', email: owner.email, password: PASSWORD });
    const email = fresh('stale');
    await register({ name: 'Late Clicker', email, password: PASSWORD });
    const [taken] = await attemptsFor(owner.email);
    const [stale] = await attemptsFor(email);
    const good = await linkToken(stale!.id);

    for (const token of [
      `${stale!.id}.${'A'.repeat(43)}`,
      good.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      `${stale!.id + 1000}${good.slice(String(stale!.id).length)}`,
      'not-a-token',
    ]) {
      const res = await confirm(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual({ error: SIGN_UP_LINK_INVALID });
    }
    const intruder = await confirm(await linkToken(taken!.id));
    expect(intruder.statusCode).toBe(400);
    expect(intruder.json()).toEqual({ error: SIGN_UP_LINK_INVALID });
    expect((await tryLogin(owner.email, TEST_PASSWORD)).statusCode).toBe(200);

    await ctx.sql`update sign_up_attempts set created_at = now() - interval '25 hours' where id = ${stale!.id}`;
    const expired = await confirm(good);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: SIGN_UP_LINK_EXPIRED });
    expect(await accounts(email)).toBe(0);
    expect(
      (
        await ctx.sql`select 1 from sign_up_attempts where confirmed_at is not null and id = any(${[taken!.id, stale!.id]})`
      ).length,
    ).toBe(0);
  });

  it('makes one account when confirmations race: one link clicked many times at once, and two links for one address', async () => {
    const email = fresh('race');
    await register({ name: 'First Try', email, password: PASSWORD });
    await register({ name: 'Second Try', email, password: `${PASSWORD}-2` });
    const [first, second] = await attemptsFor(email);
    const tokens = [await linkToken(first!.id), await linkToken(second!.id)];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => confirm(tokens[i % 2]!, undefined, i % 2 ? `${PASSWORD}-2` : PASSWORD)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await accounts(email)).toBe(1);
    // The account is the one of the link that won, with that sign-up's name and password.
    const winner = answers.find((r) => r.statusCode === 200)!.json().user.name as string;
    const password = winner === 'First Try' ? PASSWORD : `${PASSWORD}-2`;
    expect((await tryLogin(email, password)).statusCode).toBe(200);
    expect(
      (await ctx.sql`select 1 from sign_up_attempts where email = ${email} and confirmed_at is not null`).length,
    ).toBe(1);
  });
});
