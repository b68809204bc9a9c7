// Moving an account to another address: asked for by the signed-in member with their password, confirmed by a link
// mailed to the new address (only then does the address change), announced to the old one. Two accounts confirming
// the same new address at once: an advisory lock on the address orders them and the unique email lets one through.
import type { Sql, TransactionSql } from 'postgres';
import { verifyPassword } from '@app/infra';
import {
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_SAME,
  EMAIL_CHANGE_TAKEN,
  EMAIL_CHANGE_WRONG_PASSWORD,
  decideEmailChange,
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  type SessionUser,
} from '@app/shared';
import { Conflict, Invalid, refusalError } from '../errors.js';
import type { MailDeps } from '../notices/mail-notice.js';
import { newAccountToken, tokenHash } from './account-tokens.js';
import type { AccountMailQueue } from './account-mails.js';
import { sendAccountMail } from './send-account-mail.js';

export async function requestEmailChange(
  deps: { sql: Sql; mails: AccountMailQueue },
  userId: number,
  body: { newEmail: string; password: string },
): Promise<void> {
  const [u] = await deps.sql<{ email: string; passwordHash: string }[]>`
    select email, password_hash from users where id = ${userId}`;
  if (!u || !(await verifyPassword(u.passwordHash, body.password))) throw new Invalid(EMAIL_CHANGE_WRONG_PASSWORD);
  if (u.email === body.newEmail) throw new Invalid(EMAIL_CHANGE_SAME);
  const token = newAccountToken();
  const [row] = await deps.sql<{ id: number }[]>`
    insert into email_changes (user_id, old_email, new_email, token_hash)
    values (${userId}, ${u.email}, ${body.newEmail}, ${tokenHash(token)}) returning id`;
  await deps.mails.enqueue({ kind: 'email-change', id: row!.id, token });
}

/** The workers' half: the link to the new address and the notice to the old one, each mailed once. */
export async function mailEmailChange(deps: MailDeps, id: number, token: string): Promise<'sent' | 'done'> {
  const siteUrl = deps.publicUrl.replace(/\/$/, '');
  type Row = {
    name: string;
    oldEmail: string;
    newEmail: string;
    tokenHash: string;
    linkStatus: string;
    noticeStatus: string;
  };
  const lockRow = async (tx: TransactionSql) => {
    const [r] = await tx<Row[]>`
      select u.name, c.old_email, c.new_email, c.token_hash, c.link_status, c.notice_status
      from email_changes c join users u on u.id = c.user_id where c.id = ${id} for update of c`;
    return r;
  };
  const linked = await deps.sql.begin(async (tx) => {
    const r = await lockRow(tx);
    if (!r || r.linkStatus !== 'pending') return 'done' as const;
    if (r.tokenHash !== tokenHash(token)) {
      await tx`update email_changes set link_status = 'skip', notice_status = 'skip' where id = ${id}`;
      return 'done' as const;
    }
    const link = `${siteUrl}/confirm-email-change?token=${encodeURIComponent(token)}`;
    await sendAccountMail(
      deps,
      { name: r.name, address: r.newEmail },
      `email-change-${id}`,
      emailChangeConfirmMail({ name: r.name, link }),
    );
    await tx`update email_changes set link_status = 'sent' where id = ${id}`;
    return 'sent' as const;
  });
  await deps.sql.begin(async (tx) => {
    const r = await lockRow(tx);
    if (!r || r.noticeStatus !== 'pending') return;
    await sendAccountMail(
      deps,
      { name: r.name, address: r.oldEmail },
      `email-change-notice-${id}`,
      emailChangeNoticeMail({ name: r.name, newEmail: r.newEmail, siteUrl }),
    );
    await tx`update email_changes set notice_status = 'sent' where id = ${id}`;
  });
  return linked;
}

/** Opens a mailed e-mail change link: the account takes the new address, once. */
export async function confirmEmailChange(
  deps: { sql: Sql; evictUser(userId: number): void },
  token: string,
): Promise<SessionUser> {
  const hash = tokenHash(token);
  const [first] = await deps.sql<
    { newEmail: string }[]
  >`select new_email from email_changes where token_hash = ${hash}`;
  if (!first) throw new Invalid(EMAIL_CHANGE_LINK_INVALID);
  try {
    const user = await deps.sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtextextended(${`email:${first.newEmail}`}, 0))`;
      const [c] = await tx<
        {
          id: number;
          userId: number;
          oldEmail: string;
          newEmail: string;
          createdAt: Date;
          usedAt: Date | null;
          addressNow: string;
          newEmailTaken: boolean;
          now: Date;
        }[]
      >`
        select c.id, c.user_id, c.old_email, c.new_email, c.created_at, c.used_at, u.email as address_now,
               exists (select 1 from users o where o.email = c.new_email) as new_email_taken, now() as now
        from email_changes c join users u on u.id = c.user_id where c.id = (select id from email_changes where token_hash = ${hash})
        for update of c, u`;
      const verdict = decideEmailChange(c ?? null, c?.now ?? new Date());
      if (!verdict.ok) throw refusalError(verdict.refusal);
      const [u] = await tx<SessionUser[]>`
        update users set email = ${c!.newEmail} where id = ${c!.userId} returning id, name, email, is_premium`;
      await tx`update email_changes set used_at = now() where id = ${c!.id}`;
      return u!;
    });
    deps.evictUser(user.id);
    return user;
  } catch (err) {
    // A sign-up confirmed for that address in the same instant: the unique email decides.
    if ((err as { code?: string }).code === '23505') throw new Conflict(EMAIL_CHANGE_TAKEN);
    throw err;
  }
}

export async function pendingEmailChange(sql: Sql, userId: number): Promise<string | null> {
  const [row] = await sql<{ newEmail: string }[]>`
    select new_email from email_changes
    where user_id = ${userId} and used_at is null and link_status <> 'skip' and created_at > now() - interval '24 hours'
    order by id desc limit 1`;
  return row?.newEmail ?? null;
}
