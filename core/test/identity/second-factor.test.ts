// The second factor against real Postgres: set up by its first code, asked for after the password, wrong codes
// throttled per account, recovery codes used once, and a challenge turned into one session whatever races it.
import { expect, it } from 'vitest';
import {
  SECOND_FACTOR_EXPIRED,
  SECOND_FACTOR_MAX_FAILURES,
  SECOND_FACTOR_THROTTLED,
  SECOND_FACTOR_WRONG,
} from '@app/shared';
import {
  beginTotpSetup,
  completeSecondFactor,
  disableTotp,
  enableTotp,
  startMemberSession,
} from '../../src/identity/second-factor.js';
import { totpAt } from '../../src/identity/totp.js';
import { LoginThrottle } from '../../src/identity/login-throttle.js';
import { signIn } from '../../src/identity/sign-in.js';
import { findSessionUser } from '../../src/identity/sessions.js';
import { DomainError } from '../../src/errors.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { TEST_PASSWORD, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const r = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(r).toBeInstanceOf(DomainError);
  return r as DomainError;
}

/** A member with the second factor on; the app's key and the recovery codes. */
async function enrolled() {
  const user = await createUser(ctx.sql);
  const { secret, uri } = await beginTotpSetup(ctx.sql, user.id);
  expect(uri).toContain(`secret=${secret}`);
  // A step back, so the next code (now) is still new to the account.
  const codes = await enableTotp(ctx.sql, user.id, totpAt(secret, Date.now() - 30_000));
  return { user, secret, codes };
}

const challengeFor = async (user: { id: number; name: string; email: string }) => {
  const s = await startMemberSession(ctx.sql, { ...user, isPremium: false }, false);
  if (!('challenge' in s)) throw new Error('expected a challenge');
  return s.challenge;
};

it('turns the second factor on only with a right first code, and returns ten recovery codes', async () => {
  const user = await createUser(ctx.sql);
  const { secret } = await beginTotpSetup(ctx.sql, user.id);
  expect((await refusal(enableTotp(ctx.sql, user.id, '000000'))).message).toBe(SECOND_FACTOR_WRONG);
  const codes = await enableTotp(ctx.sql, user.id, totpAt(secret, Date.now()));
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const stored = await ctx.sql<{ codeHash: string }[]>`select code_hash from recovery_codes where user_id = ${user.id}`;
  expect(stored).toHaveLength(10);
  for (const s of stored) expect(codes.map((c) => c.replace('-', ''))).not.toContain(s.codeHash);
});

it('asks for the code after the right password, and signs in with it', async () => {
  const { user, secret } = await enrolled();
  const throttle = new LoginThrottle(ctx.redis, ctx.prefix);
  const answer = await signIn({ ...ctx, throttle, evict: () => {} }, 'user', {
    email: user.email,
    password: TEST_PASSWORD,
    ip: '10.0.0.1',
  });
  expect('challenge' in answer).toBe(true);
  const [n] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from sessions where user_id = ${user.id}`;
  expect(n!.n).toBe(0);
  const signed = await completeSecondFactor(
    ctx.sql,
    (answer as { challenge: string }).challenge,
    totpAt(secret, Date.now()),
  );
  expect(await findSessionUser(ctx.sql, signed.token)).toMatchObject({ id: user.id });
});

it('accepts an app code once: the same code again is refused', async () => {
  const { user, secret } = await enrolled();
  const code = totpAt(secret, Date.now());
  await completeSecondFactor(ctx.sql, await challengeFor(user), code);
  expect((await refusal(completeSecondFactor(ctx.sql, await challengeFor(user), code))).message).toBe(
    SECOND_FACTOR_WRONG,
  );
});

it('throttles wrong codes: after five in 15 minutes even the right code waits (429)', async () => {
  const { user, secret } = await enrolled();
  const challenge = await challengeFor(user);
  for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES; i++) {
    const err = await refusal(completeSecondFactor(ctx.sql, challenge, '000000'));
    expect(err.status).toBe(400);
    expect(err.message).toBe(SECOND_FACTOR_WRONG);
  }
  const blocked = await refusal(completeSecondFactor(ctx.sql, challenge, totpAt(secret, Date.now())));
  expect(blocked.status).toBe(429);
  expect(blocked.message).toBe(SECOND_FACTOR_THROTTLED);
  expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
  // The window passed: the right code works again.
  await ctx.sql`update second_factor_failures set at = at - interval '15 minutes' where user_id = ${user.id}`;
  const signed = await completeSecondFactor(ctx.sql, challenge, totpAt(secret, Date.now()));
  expect(await findSessionUser(ctx.sql, signed.token)).toMatchObject({ id: user.id });
});

it('counts wrong codes sent at once one after the other: no more than five are checked', async () => {
  const { user } = await enrolled();
  const challenge = await challengeFor(user);
  const results = await Promise.allSettled(
    Array.from({ length: 8 }, () => completeSecondFactor(ctx.sql, challenge, '000000')),
  );
  const statuses = results.map((r) => ((r as PromiseRejectedResult).reason as DomainError).status).sort();
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
});

it('takes a recovery code once', async () => {
  const { user, codes } = await enrolled();
  const signed = await completeSecondFactor(ctx.sql, await challengeFor(user), codes[0]!);
  expect(await findSessionUser(ctx.sql, signed.token)).toMatchObject({ id: user.id });
  expect((await refusal(completeSecondFactor(ctx.sql, await challengeFor(user), codes[0]!))).message).toBe(
    SECOND_FACTOR_WRONG,
  );
  // Typed without its dash, in capitals, another one works.
  await completeSecondFactor(ctx.sql, await challengeFor(user), codes[1]!.replace('-', '').toUpperCase());
});

it('turns one challenge into one session when two right codes race', async () => {
  const { user, codes } = await enrolled();
  const challenge = await challengeFor(user);
  const results = await Promise.allSettled([
    completeSecondFactor(ctx.sql, challenge, codes[2]!),
    completeSecondFactor(ctx.sql, challenge, codes[3]!),
  ]);
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
  expect((lost.reason as DomainError).message).toBe(SECOND_FACTOR_EXPIRED);
  const [n] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from sessions where user_id = ${user.id}`;
  expect(n!.n).toBe(1);
});

it('refuses an expired challenge', async () => {
  const { user, secret } = await enrolled();
  const challenge = await challengeFor(user);
  await ctx.sql`update sign_in_challenges set expires_at = now() - interval '1 second' where user_id = ${user.id}`;
  const err = await refusal(completeSecondFactor(ctx.sql, challenge, totpAt(secret, Date.now())));
  expect(err.status).toBe(401);
  expect(err.message).toBe(SECOND_FACTOR_EXPIRED);
});

it('turns the second factor off with a right code; sign-in then needs only the password', async () => {
  const { user, codes } = await enrolled();
  expect((await refusal(disableTotp(ctx.sql, user.id, '000000'))).message).toBe(SECOND_FACTOR_WRONG);
  await disableTotp(ctx.sql, user.id, codes[0]!);
  const s = await startMemberSession(ctx.sql, { ...user, isPremium: false }, false);
  expect('token' in s).toBe(true);
  const [n] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from recovery_codes where user_id = ${user.id}`;
  expect(n!.n).toBe(0);
});
