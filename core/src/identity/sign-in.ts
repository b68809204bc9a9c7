// The one sign-in flow, for members and for admins: throttle, check the password, count a failure, end the session the
// browser had (rotation), start a new one. Routes only set the cookie it returns.
import type { Sql } from 'postgres';
import type { AdminUser, SessionUser } from '@app/shared';
import { Unauthorized } from '../errors.js';
import { checkAdminCredentials, checkUserCredentials } from './accounts.js';
import type { LoginThrottle } from './login-throttle.js';
import { ADMIN_COOKIE, USER_COOKIE, endSession } from './sessions.js';
import { startAdminSession, startMemberSession } from './second-factor.js';
import type { EventDeps } from '@app/infra';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const INVALID_ADMIN_CREDENTIALS = 'Invalid admin credentials';

interface Kind<P> {
  cookie: string;
  invalid: string;
  check(sql: Sql, email: string, password: string): Promise<P | null>;
  /** A session, or a challenge when the account asks for a second factor first. */
  start(sql: Sql, principal: P, rememberMe: boolean): Promise<{ token: string; ttlMs: number } | { challenge: string }>;
}

const KINDS = {
  user: {
    cookie: USER_COOKIE,
    invalid: INVALID_CREDENTIALS,
    check: checkUserCredentials,
    start: startMemberSession,
  } satisfies Kind<SessionUser>,
  admin: {
    cookie: ADMIN_COOKIE,
    invalid: INVALID_ADMIN_CREDENTIALS,
    check: checkAdminCredentials,
    start: (sql, admin) => startAdminSession(sql, admin.id),
  } satisfies Kind<AdminUser>,
};

type Principal<K extends keyof typeof KINDS> = K extends 'user' ? SessionUser : AdminUser;

export interface SignInResult<P> {
  principal: P;
  cookie: string;
  token: string;
  /** Set only for "remember me": otherwise the cookie ends with the browser session. */
  persistentMs?: number;
}

export async function signIn<K extends keyof typeof KINDS>(
  deps: EventDeps & { throttle: LoginThrottle; evict(token: string): void },
  kind: K,
  attempt: { email: string; password: string; rememberMe?: boolean; ip: string; previousToken?: string },
): Promise<SignInResult<Principal<K>> | { challenge: string }> {
  const k = KINDS[kind] as unknown as Kind<Principal<K>>;
  await deps.throttle.assertAllowed(kind, attempt.email, attempt.ip);
  const principal = await k.check(deps.sql, attempt.email, attempt.password);
  if (!principal) {
    await deps.throttle.recordFailure(kind, attempt.email, attempt.ip);
    // Kept for the admins' security tab; the throttle above is what protects the account.
    await deps.sql`insert into failed_sign_ins (scope, email, ip) values (${kind}, ${attempt.email.slice(0, 320)}, ${attempt.ip})`;
    throw new Unauthorized(k.invalid);
  }
  await deps.throttle.clearPair(kind, attempt.email, attempt.ip);
  // Rotation: whatever session the browser had before is ended, a new token is issued.
  if (attempt.previousToken) await signOut(deps, attempt.previousToken);
  const remember = attempt.rememberMe ?? false;
  const started = await k.start(deps.sql, principal, remember);
  if ('challenge' in started) return started;
  const { token, ttlMs } = started;
  return { principal, cookie: k.cookie, token, ...(remember ? { persistentMs: ttlMs } : {}) };
}

/** Signing out: the session row goes, so the token is dead everywhere at once, and its sockets are closed. */
export async function signOut(
  deps: EventDeps & { evict(token: string): void },
  token: string | undefined,
): Promise<void> {
  if (!token) return;
  deps.evict(token);
  await endSession(deps, token);
}
