// One account mail (reset link, e-mail change link or notice) handed to the transport, its text as written in
// shared/src/domain/account-recovery.ts and its HTML escaped from that text.
import type { AccountMail } from '@app/shared';
import { escapeHtml } from '../notices/escape-html.js';
import type { MailDeps } from '../notices/mail-notice.js';

export async function sendAccountMail(
  deps: MailDeps,
  to: { name: string; address: string },
  messageKey: string,
  mail: AccountMail,
): Promise<void> {
  await deps.transport.sendMail({
    from: deps.from,
    to,
    subject: mail.subject,
    messageId: `<${messageKey}@carbid.example>`,
    text: mail.text,
    html:
      mail.text
        .split('\n\n')
        .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
        .join('') + `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.linkText)}</a></p>`,
  });
}
