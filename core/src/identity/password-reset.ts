// Password reset by a mailed link (rules and words: shared/src/domain/account-recovery.ts). Asking is answered alike for
// every address after the same work (a token, one insert, one enqueue); the workers mail only an address with an
// account, at most a few times an hour. Using the link sets the password once, ends every session of the member (each
// with its session.ended event, which closes that session's sockets on every gateway, as sign-out and suspension do),
// kills the member's other reset links, and signs this browser in afresh.
import type { Sql, TransactionSql } from 'postgres';
import { COMMON_PASSWORD, commitWithEvents, hashPassword, isCommonPassword, type EventDeps } from '@app/infra';
import { RESET_LINK_INVALID, chosenPasswordProblem, decideReset, resetMail, resetMailAllowed } from '@app/shared';
import { Invalid, refusalError } from '../errors.js';
import type { MailDeps } from '../notices/mail-notice.js';
import { newAccountToken, tokenHash } from './account-tokens.js';
import type { AccountMailQueue } from './account-mails.js';
import { sendAccountMail } from './send-account-mail.js';
import { startMemberSession, type SignedIn } from './second-factor.js';

export async function requestPasswordReset(deps: { sql: Sql; mails: AccountMailQueue }, email: string): Promise<void> {
  const token = newAccountToken();
  const [row] = await deps.sql<{ id: number }[]>`
    insert into password_resets (user_id, email, token_hash)
    select u.id, ${email}, ${tokenHash(token)} from (select 1) one left join users u on u.email = ${email}
    returning id`;
  // Enqueued for every address: the workers skip one without an account, so the answer takes the same time.
  await deps.mails.enqueue({ kind: 'password-reset', id: row!.id, token });
}

/** The workers' half: mails one reset link, once, unless the address has no account or had its share this hour. */
export async function mailPasswordReset(
  deps: MailDeps,
  id: number,
  token: string,
): Promise<'sent' | 'done' | 'skipped' | 'capped'> {
  return deps.sql.begin(async (tx) => {
    const [first] = await tx<{ email: string }[]>`select email from password_resets where id = ${id}`;
    if (!first) return 'done';
    await tx`select pg_advisory_xact_lock(hashtextextended(${`reset-mail:${first.email}`}, 0))`;
    const [r] = await tx<
      { email: string; name: string | null; mailStatus: string; tokenHash: string; userId: number | null }[]
    >`
      select r.email, u.name, r.mail_status, r.token_hash, r.user_id
      from password_resets r left join users u on u.id = r.user_id where r.id = ${id} for update of r`;
    if (!r || r.mailStatus !== 'pending') return 'done';
    if (r.userId === null || r.tokenHash !== tokenHash(token)) {
      await tx`update password_resets set mail_status = 'skip' where id = ${id}`;
      return 'skipped';
    }
    const [recent] = await tx<{ n: number }[]>`
      select count(*)::int as n from password_resets
      where email = ${r.email} and mail_status = 'sent' and mailed_at > now() - interval '1 hour'`;
    if (!resetMailAllowed(recent!.n)) {
      await tx`update password_resets set mail_status = 'skip' where id = ${id}`;
      return 'capped';
    }
    const siteUrl = deps.publicUrl.replace(/\/$/, '');
    const link = `${siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await sendAccountMail(
      deps,
      { name: r.name!, address: r.email },
      `reset-${id}`,
      resetMail({ name: r.name!, link, siteUrl }),
    );
    await tx`update password_resets set mail_status = 'sent', mailed_at = now() where id = ${id}`;
    return 'sent';
  });
}

/**
 * Sets a new password from a reset link. A link used twice, after 30 minutes or for another address changes nothing;
 * two uses at once: the row lock lets one through and the other finds it used.
 */
export async function resetPassword(
  deps: EventDeps & { evictUser(userId: number): void },
  body: { token: string; password: string },
): Promise<SignedIn> {
  const hash = tokenHash(body.token);
  type Link = { userId: number | null; createdAt: Date; usedAt: Date | null; email: string | null; now: Date };
  const readLink = async (sql: Sql | TransactionSql, lock: boolean) => {
    const [l] = lock
      ? await sql<Link[]>`
          select r.user_id, r.created_at, r.used_at, u.email, now() as now
          from password_resets r left join users u on u.id = r.user_id where r.token_hash = ${hash} for update of r`
      : await sql<Link[]>`
          select r.user_id, r.created_at, r.used_at, u.email, now() as now
          from password_resets r left join users u on u.id = r.user_id where r.token_hash = ${hash}`;
    return l ?? null;
  };
  // Checked before the slow hash, so a dead link or a weak password costs nothing and uses nothing up.
  const first = await readLink(deps.sql, false);
  const early = decideReset(first, first?.now ?? new Date());
  if (!early.ok) throw refusalError(early.refusal);
  const problem = chosenPasswordProblem(body.password, first!.email!);
  if (problem) throw new Invalid(problem);
  if (isCommonPassword(body.password)) throw new Invalid(COMMON_PASSWORD);
  const passwordHash = await hashPassword(body.password);

  const userId = await commitWithEvents(deps, async (tx, outbox) => {
    const link = await readLink(tx, true);
    const verdict = decideReset(link, link?.now ?? new Date());
    if (!verdict.ok) throw refusalError(verdict.refusal);
    const id = link!.userId!;
    await tx`update users set password_hash = ${passwordHash} where id = ${id}`;
    await tx`update password_resets set used_at = now() where user_id = ${id} and used_at is null`;
    await tx`delete from sign_in_challenges where user_id = ${id}`;
    const ended = await tx<{ id: string }[]>`delete from sessions where user_id = ${id} returning id`;
    const at = link!.now.toISOString();
    if (ended.length > 0)
      await outbox.append(ended.map((s) => ({ type: 'session.ended' as const, at, userId: id, sessionId: s.id })));
    return id;
  });
  if (userId === undefined) throw new Invalid(RESET_LINK_INVALID);
  deps.evictUser(userId);
  const [user] = await deps.sql<{ id: number; name: string; email: string; isPremium: boolean }[]>`
    select id, name, email, is_premium from users where id = ${userId}`;
  return startMemberSession(deps.sql, user!, false);
}
