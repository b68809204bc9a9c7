// Mailing one sign-up attempt: the confirmation link to a new address, or to an address that already has an account
// a note that someone tried (words and the per-address cap in shared/src/domain/sign-up.ts). Like a notice, the row is
// locked while the mail is handed over and marked in the same transaction, so a job that runs twice mails once; the
// address is locked too, so attempts racing for one mailbox are counted one after the other against its hourly cap.
import { signSignUp } from '../notices/sign-up-token.js';
import { signUpMail } from '@app/shared';
import { escapeHtml } from '../notices/escape-html.js';
import type { MailDeps } from '../notices/mail-notice.js';

interface AttemptRow {
  id: number;
  email: string;
  ownerName: string | null;
  existingUserId: number | null;
  mailStatus: 'pending' | 'sent' | 'skip';
}

export const signUpMessageId = (id: number) => `<sign-up-${id}@carbid.example>`;

/** 'sent'; 'done' when it was already handled; 'capped' when the address had its share of sign-up mail this hour. */
export async function mailSignUp(deps: MailDeps, attemptId: number): Promise<'sent' | 'done' | 'capped'> {
  return deps.sql.begin(async (tx) => {
    const [email] = await tx<{ email: string }[]>`select email from sign_up_attempts where id = ${attemptId}`;
    if (!email) return 'done';
    await tx`select pg_advisory_xact_lock(hashtextextended(${`sign-up-mail:${email.email}`}, 0))`;
    const [a] = await tx<AttemptRow[]>`
      select a.id, a.email, u.name as owner_name, a.existing_user_id, a.mail_status
      from sign_up_attempts a left join users u on u.id = a.existing_user_id
      where a.id = ${attemptId}
      for update of a`;
    if (!a || a.mailStatus !== 'pending') return 'done';
    const [recent] = await tx<{ n: number }[]>`
      select count(*)::int as n from sign_up_attempts
      where email = ${a.email} and mail_status = 'sent' and mailed_at > now() - interval '1 hour'`;
    const siteUrl = deps.publicUrl.replace(/\/$/, '');
    const mail = signUpMail({
      addressTaken: a.existingUserId !== null,
      ownerName: a.ownerName ?? '',
      mailedThisHour: recent!.n,
      confirmLink: `${siteUrl}/confirm-email?token=${encodeURIComponent(signSignUp(deps.signingKey, a.id))}`,
      siteUrl,
    });
    if (!mail) {
      await tx`update sign_up_attempts set mail_status = 'skip' where id = ${a.id}`;
      return 'capped';
    }
    await deps.transport.sendMail({
      from: deps.from,
      // Only an owner's own name goes with the address: the name given at sign-up was chosen by whoever signed up.
      to: a.ownerName === null ? a.email : { name: a.ownerName, address: a.email },
      subject: mail.subject,
      messageId: signUpMessageId(a.id),
      text: mail.text,
      html:
        mail.text
          .split('\n\n')
          .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
          .join('') + `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.linkText)}</a></p>`,
    });
    await tx`update sign_up_attempts set mail_status = 'sent', mailed_at = now() where id = ${a.id}`;
    return 'sent';
  });
}
