// The second factor for members (optional) and admins (required): set up (a pending key confirmed by its first code),
// the step between a right password and a session (a challenge only a code turns into a session), and turning it off.
// Every check of a code runs under the account's row lock, counts wrong codes per account (shared:
// secondFactorAllowed), and accepts an app's code once (its time step is remembered) and a recovery code once (it is
// marked used).
import { randomBytes } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_ALREADY_ON,
  SECOND_FACTOR_EXPIRED,
  SECOND_FACTOR_NOT_SET_UP,
  SECOND_FACTOR_OFF,
  SECOND_FACTOR_THROTTLED,
  SECOND_FACTOR_WINDOW_MINUTES,
  SECOND_FACTOR_WRONG,
  SIGN_IN_CHALLENGE_MINUTES,
  classifyCode,
  formatRecoveryCode,
  secondFactorAllowed,
  totpStep,
  type SessionUser,
} from '@app/shared';
import { Conflict, Invalid, TooManyRequests, Unauthorized } from '../errors.js';
import { newAccountToken, tokenHash } from './account-tokens.js';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.js';
import {
  ADMIN_SESSION_TTL_MS,
  REMEMBER_ME_TTL_MS,
  SESSION_TTL_MS,
  createAdminSession,
  createUserSession,
} from './sessions.js';

/** Whose second factor: a member's (users) or an admin's (admin_users). */
export interface Principal {
  kind: 'user' | 'admin';
  id: number;
}
const TABLE = { user: 'users', admin: 'admin_users' } as const;
const COLUMN = { user: 'user_id', admin: 'admin_id' } as const;
const member = (id: number): Principal => ({ kind: 'user', id });

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  return [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
}

/** Sign-in's end: a session, or a challenge for the code when the member has the second factor on. */
export type SignedIn = { user: SessionUser; token: string; ttlMs: number } | { challenge: string };

export async function startMemberSession(sql: Sql, user: SessionUser, rememberMe: boolean): Promise<SignedIn> {
  const [row] = await sql<{ on: boolean }[]>`select totp_enabled_at is not null as on from users where id = ${user.id}`;
  if (row?.on) {
    const challenge = newAccountToken();
    await sql`
      insert into sign_in_challenges (id, user_id, remember_me, expires_at)
      values (${tokenHash(challenge)}, ${user.id}, ${rememberMe}, now() + ${SIGN_IN_CHALLENGE_MINUTES} * interval '1 minute')`;
    return { challenge };
  }
  const ttlMs = rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS;
  return { user, token: await createUserSession(sql, user.id, ttlMs), ttlMs };
}

interface FactorRow {
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: string | null;
  email: string;
}

async function lockAccount(tx: TransactionSql, p: Principal): Promise<FactorRow> {
  const [row] = await tx<FactorRow[]>`
    select totp_secret, totp_pending_secret, totp_last_step::text, email from ${tx(TABLE[p.kind])} where id = ${p.id} for update`;
  if (!row) throw new Unauthorized();
  return row;
}

/** Refuses (429) when the account has sent too many wrong codes in the window. Call under the account's row lock. */
async function assertCodesAllowed(tx: TransactionSql, p: Principal): Promise<void> {
  const [f] = await tx<{ n: number; waitS: number }[]>`
    select count(*)::int as n,
           coalesce(extract(epoch from min(at) + ${SECOND_FACTOR_WINDOW_MINUTES} * interval '1 minute' - now()), 0)::float8 as wait_s
    from second_factor_failures
    where ${tx(COLUMN[p.kind])} = ${p.id} and at > now() - ${SECOND_FACTOR_WINDOW_MINUTES} * interval '1 minute'`;
  if (!secondFactorAllowed(f!.n)) throw new TooManyRequests(SECOND_FACTOR_THROTTLED, f!.waitS);
}

/**
 * Checks a typed code against the member's key (or the pending one during set-up) and recovery codes; uses it up when
 * it is right. Returns whether it was; a wrong one is counted (the caller commits, then refuses).
 */
async function useCode(
  tx: TransactionSql,
  p: Principal,
  secret: string,
  lastStep: number | null,
  input: string,
  recoveryAllowed: boolean,
): Promise<boolean> {
  await assertCodesAllowed(tx, p);
  const code = classifyCode(input);
  let ok = false;
  if (code.kind === 'totp') {
    const step = matchTotp(secret, code.code, totpStep(Date.now()), lastStep);
    if (step !== null) {
      await tx`update ${tx(TABLE[p.kind])} set totp_last_step = ${step} where id = ${p.id}`;
      ok = true;
    }
  } else if (recoveryAllowed) {
    const used = await tx`
      update recovery_codes set used_at = now()
      where ${tx(COLUMN[p.kind])} = ${p.id} and code_hash = ${tokenHash(code.code)} and used_at is null returning id`;
    ok = used.length > 0;
  }
  if (!ok) await tx`insert into second_factor_failures ${tx({ [COLUMN[p.kind]]: p.id })}`;
  return ok;
}

const lastStepOf = (row: FactorRow) => (row.totpLastStep === null ? null : Number(row.totpLastStep));

const asPrincipal = (who: number | Principal): Principal => (typeof who === 'number' ? member(who) : who);

/** A new key waiting for its first code; the account page shows it as a link and the key itself. */
export async function beginTotpSetup(sql: Sql, who: number | Principal): Promise<{ secret: string; uri: string }> {
  const p = asPrincipal(who);
  const secret = newTotpSecret();
  const [row] = await sql<{ email: string }[]>`
    update ${sql(TABLE[p.kind])} set totp_pending_secret = ${secret} where id = ${p.id} and totp_secret is null returning email`;
  if (!row) throw new Conflict(SECOND_FACTOR_ALREADY_ON);
  return { secret, uri: otpauthUri(secret, row.email) };
}

/** The first right code turns the key on and returns the recovery codes, shown this once (only hashes are kept). */
export async function enableTotp(sql: Sql, who: number | Principal, input: string): Promise<string[]> {
  const p = asPrincipal(who);
  const result = await sql.begin(async (tx) => {
    const row = await lockAccount(tx, p);
    if (row.totpSecret !== null) throw new Conflict(SECOND_FACTOR_ALREADY_ON);
    if (row.totpPendingSecret === null) throw new Invalid(SECOND_FACTOR_NOT_SET_UP);
    if (!(await useCode(tx, p, row.totpPendingSecret, null, input, false))) return null;
    await tx`
      update ${tx(TABLE[p.kind])} set totp_secret = totp_pending_secret, totp_pending_secret = null, totp_enabled_at = now()
      where id = ${p.id}`;
    await tx`delete from recovery_codes where ${tx(COLUMN[p.kind])} = ${p.id}`;
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx`insert into recovery_codes ${tx(codes.map((c) => ({ [COLUMN[p.kind]]: p.id, code_hash: tokenHash(c) })))}`;
    return codes.map(formatRecoveryCode);
  });
  if (result === null) throw new Invalid(SECOND_FACTOR_WRONG);
  return result;
}

/** Turning the second factor off takes a right code (an app's or a recovery code). Members only: admins must keep it. */
export async function disableTotp(sql: Sql, userId: number, input: string): Promise<void> {
  const p = member(userId);
  const ok = await sql.begin(async (tx) => {
    const row = await lockAccount(tx, p);
    if (row.totpSecret === null) throw new Conflict(SECOND_FACTOR_OFF);
    if (!(await useCode(tx, p, row.totpSecret, lastStepOf(row), input, true))) return false;
    await tx`
      update users set totp_secret = null, totp_pending_secret = null, totp_last_step = null, totp_enabled_at = null
      where id = ${userId}`;
    await tx`delete from recovery_codes where user_id = ${userId}`;
    return true;
  });
  if (!ok) throw new Invalid(SECOND_FACTOR_WRONG);
}

/** The code after a right password: the challenge is used up by the first right code (whatever races it). */
export async function completeSecondFactor(
  sql: Sql,
  challenge: string,
  input: string,
): Promise<{ user: SessionUser; token: string; ttlMs: number }> {
  const result = await sql.begin(async (tx) => {
    const [c] = await tx<{ userId: number; rememberMe: boolean }[]>`
      select user_id, remember_me from sign_in_challenges
      where id = ${tokenHash(challenge)} and user_id is not null and expires_at > now() for update`;
    if (!c) throw new Unauthorized(SECOND_FACTOR_EXPIRED);
    const row = await lockAccount(tx, member(c.userId));
    if (row.totpSecret === null) throw new Unauthorized(SECOND_FACTOR_EXPIRED);
    if (!(await useCode(tx, member(c.userId), row.totpSecret, lastStepOf(row), input, true))) return null;
    await tx`delete from sign_in_challenges where id = ${tokenHash(challenge)}`;
    const [user] = await tx<(SessionUser & { suspended: boolean })[]>`
      select id, name, email, is_premium, suspended_at is not null as suspended from users where id = ${c.userId}`;
    if (user!.suspended) throw new Unauthorized(SECOND_FACTOR_EXPIRED);
    const ttlMs = c.rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS;
    const token = await createUserSession(tx, c.userId, ttlMs);
    return { user: { id: user!.id, name: user!.name, email: user!.email, isPremium: user!.isPremium }, token, ttlMs };
  });
  if (result === null) throw new Invalid(SECOND_FACTOR_WRONG);
  return result;
}

export async function secondFactorState(sql: Sql, userId: number): Promise<{ on: boolean; recoveryCodesLeft: number }> {
  const [row] = await sql<{ on: boolean; left: number }[]>`
    select u.totp_enabled_at is not null as on,
           (select count(*)::int from recovery_codes r where r.user_id = u.id and r.used_at is null) as left
    from users u where u.id = ${userId}`;
  return { on: row?.on ?? false, recoveryCodesLeft: row?.left ?? 0 };
}

/** An admin's password was right: with the second factor on, a challenge; without it, an admin session that can only set it up. */
export async function startAdminSession(
  sql: Sql,
  adminId: number,
): Promise<{ token: string; ttlMs: number } | { challenge: string }> {
  const [row] = await sql<
    { on: boolean }[]
  >`select totp_enabled_at is not null as on from admin_users where id = ${adminId}`;
  if (row?.on) {
    const challenge = newAccountToken();
    await sql`
      insert into sign_in_challenges (id, admin_id, expires_at)
      values (${tokenHash(challenge)}, ${adminId}, now() + ${SIGN_IN_CHALLENGE_MINUTES} * interval '1 minute')`;
    return { challenge };
  }
  return { token: await createAdminSession(sql, adminId), ttlMs: ADMIN_SESSION_TTL_MS };
}

/** An admin's code after a right password: one admin session per challenge. */
export async function completeAdminSecondFactor(
  sql: Sql,
  challenge: string,
  input: string,
): Promise<{ adminId: number; token: string }> {
  const result = await sql.begin(async (tx) => {
    const [c] = await tx<{ adminId: number }[]>`
      select admin_id from sign_in_challenges
      where id = ${tokenHash(challenge)} and admin_id is not null and expires_at > now() for update`;
    if (!c) throw new Unauthorized(SECOND_FACTOR_EXPIRED);
    const p: Principal = { kind: 'admin', id: c.adminId };
    const row = await lockAccount(tx, p);
    if (row.totpSecret === null) throw new Unauthorized(SECOND_FACTOR_EXPIRED);
    if (!(await useCode(tx, p, row.totpSecret, lastStepOf(row), input, true))) return null;
    await tx`delete from sign_in_challenges where id = ${tokenHash(challenge)}`;
    return { adminId: c.adminId, token: await createAdminSession(tx, c.adminId) };
  });
  if (result === null) throw new Invalid(SECOND_FACTOR_WRONG);
  return result;
}
