// Registration without account enumeration (shared/src/domain/sign-up.ts): a well-formed sign-up is kept as an
// attempt and answered the same whether or not the address has an account, after the same work (one password hash,
// one insert, one enqueue); the mailed link creates the account and signs that browser in.
import type { Sql } from 'postgres';
import { COMMON_PASSWORD, hashPassword, isCommonPassword, verifyPassword } from '@app/infra';
import { existingSigningKey } from '../notices/signed-token.js';
import { verifySignUp } from '../notices/sign-up-token.js';
import {
  SIGN_UP_ALREADY_DONE,
  SIGN_UP_LINK_INVALID,
  SIGN_UP_PASSWORD_WRONG,
  decideConfirmation,
  type RegisterBody,
  type SessionUser,
} from '@app/shared';
import { Conflict, Invalid, refusalError } from '../errors.js';
import type { SignUpMails } from './sign-up-mails.js';

export async function requestSignUp(deps: { sql: Sql; mails: SignUpMails }, body: RegisterBody): Promise<void> {
  if (isCommonPassword(body.password)) throw new Invalid(COMMON_PASSWORD);
  // Hashed whether or not it is kept, so an address with an account is not answered sooner.
  const passwordHash = await hashPassword(body.password);
  // One statement either way: the owner's id when the address has an account (then no name or password is kept).
  const [attempt] = await deps.sql<{ id: number }[]>`
    insert into sign_up_attempts (email, name, password_hash, existing_user_id)
    select ${body.email}, case when u.id is null then ${body.name}::text end, case when u.id is null then ${passwordHash}::text end, u.id
    from (select 1) one left join users u on u.email = ${body.email}
    returning id`;
  await deps.mails.enqueue(attempt!.id);
}

/**
 * Creates the account a mailed link names (once, whatever races it) and returns it, to be signed in. The link proves
 * only that its opener reads the mailbox; the password chosen at sign-up must come with it, so an account is made only
 * when whoever chose its password also holds the mailbox (a stranger who signs up with someone's address cannot use
 * the link, and the owner cannot finish a sign-up whose password they do not know).
 */
export async function confirmSignUp(sql: Sql, token: string, password: string): Promise<SessionUser> {
  const key = await existingSigningKey(sql);
  const id = key === null ? null : verifySignUp(key, token);
  if (id === null) throw new Invalid(SIGN_UP_LINK_INVALID);
  const made = await sql.begin(async (tx) => {
    const [a] = await tx<
      {
        email: string;
        name: string | null;
        passwordHash: string | null;
        passwordFailures: number;
        existingUserId: number | null;
        createdAt: Date;
        confirmedAt: Date | null;
        addressTaken: boolean;
        now: Date;
      }[]
    >`
      select email, name, password_hash, password_failures, existing_user_id, created_at, confirmed_at,
             exists (select 1 from users u where u.email = a.email) as address_taken, now() as now
      from sign_up_attempts a where id = ${id} for update`;
    if (!a) throw new Invalid(SIGN_UP_LINK_INVALID);
    const verdict = decideConfirmation(a, a.now);
    if (!verdict.ok) throw refusalError(verdict.refusal);
    // Checked under the row lock, so racing guesses are counted one after the other.
    if (!(await verifyPassword(a.passwordHash, password))) {
      await tx`update sign_up_attempts set password_failures = password_failures + 1 where id = ${id}`;
      return null;
    }
    // Two links for one address confirmed at once: the unique email lets one insert through; the other finds it taken.
    const [user] = await tx<SessionUser[]>`
      insert into users (email, name, password_hash) values (${a.email}, ${a.name!}, ${a.passwordHash!})
      on conflict (email) do nothing
      returning id, name, email, is_premium`;
    if (!user) throw new Conflict(SIGN_UP_ALREADY_DONE);
    await tx`update sign_up_attempts set confirmed_at = now() where id = ${id}`;
    return user;
  });
  if (made === null) throw new Invalid(SIGN_UP_PASSWORD_WRONG);
  return made;
}
