// Mailing one notice. The row is locked while the mail is handed to the SMTP server and marked sent in the same
// transaction, so a job that runs twice (a retry after a crash, a duplicate enqueue, the sweeper) mails once: the
// second run waits for the lock, then finds the notice sent. Only a process dying between the SMTP server's answer
// and the commit can send again; the mail keeps the same Message-ID so the receiver can tell.
import type { Sql } from 'postgres';
import type { Transporter } from 'nodemailer';
import { unsubscribeParts } from './unsubscribe-token.js';
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@app/shared';
import { escapeHtml } from './escape-html.js';

export interface MailDeps {
  sql: Sql;
  transport: Transporter;
  from: string;
  /** The site's address, for links. */
  publicUrl: string;
  signingKey: string;
}

interface NoticeRow {
  id: number;
  userId: number;
  kind: NotificationKind;
  text: string;
  link: string;
  mailStatus: 'pending' | 'sent' | 'skip';
  email: string;
  name: string;
  optedOut: boolean;
}

export const noticeMessageId = (id: number) => `<notice-${id}@carbid.example>`;

/** 'sent', or why nothing was sent ('done': already sent or not to be mailed; 'opted-out'). */
export async function mailNotice(deps: MailDeps, notificationId: number): Promise<'sent' | 'done' | 'opted-out'> {
  return deps.sql.begin(async (tx) => {
    const [n] = await tx<NoticeRow[]>`
      select n.id, n.user_id, n.kind, n.text, n.link, n.mail_status, u.email, u.name,
             exists (select 1 from email_opt_outs o where o.user_id = n.user_id and o.kind = n.kind) as opted_out
      from notifications n join users u on u.id = n.user_id
      where n.id = ${notificationId}
      for update of n`;
    if (!n || n.mailStatus !== 'pending') return 'done';
    if (n.optedOut) {
      await tx`update notifications set mail_status = 'skip' where id = ${n.id}`;
      return 'opted-out';
    }
    const base = deps.publicUrl.replace(/\/$/, '');
    const unsubscribe = unsubscribeParts(deps.publicUrl, deps.signingKey, n.userId, n.kind);
    const unsubscribeUrl = unsubscribe.pageUrl;
    const url = `${base}${n.link}`;
    const kindLabel = NOTIFICATION_KIND_LABELS[n.kind];
    await deps.transport.sendMail({
      from: deps.from,
      to: { name: n.name, address: n.email },
      subject: n.text,
      messageId: noticeMessageId(n.id),
      ...unsubscribe.mail,
      text: `Hi ${n.name},\n\n${n.text}\n\n${url}\n\nYou get this mail because of your CarBid email settings ("${kindLabel}").\nTo stop these mails: ${unsubscribeUrl}\n`,
      html:
        `<p>Hi ${escapeHtml(n.name)},</p><p><a href="${escapeHtml(url)}">${escapeHtml(n.text)}</a></p>` +
        `<p style="color:#64748b;font-size:12px">You get this mail because of your CarBid email settings ("${escapeHtml(kindLabel)}"). ` +
        `<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
    });
    await tx`update notifications set mail_status = 'sent', mailed_at = now() where id = ${n.id}`;
    return 'sent';
  });
}
