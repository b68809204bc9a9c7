// The development mail catcher: an SMTP server inside the workers process that keeps every mail it receives in
// Postgres (caught_mails), where admins read it at /admin/mail. It runs when SMTP_URL is "catcher", or empty outside
// production, so a fresh start shows real mails without any outside service. It listens on 127.0.0.1 only and on a
// port of its own choosing. Its packages are development dependencies, so this module is imported only on demand.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';
import type { Sql } from 'postgres';
import type { Logger } from 'pino';

export interface MailCatcher {
  port: number;
  close(): Promise<void>;
}

const addressText = (a: AddressObject | AddressObject[] | undefined) =>
  Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? '');

export async function startMailCatcher(sql: Sql, logger: Logger): Promise<MailCatcher> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: 1024 * 1024,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const headers: Record<string, string> = {};
          for (const line of mail.headerLines) headers[line.key] = line.line.slice(line.key.length + 1).trim();
          await sql`
            insert into caught_mails (message_id, mail_from, mail_to, subject, text_body, html_body, headers)
            values (${mail.messageId ?? null}, ${addressText(mail.from)}, ${addressText(mail.to)}, ${mail.subject ?? ''},
                    ${mail.text ?? ''}, ${typeof mail.html === 'string' ? mail.html : null}, ${sql.json(headers)})`;
          callback();
        })
        .catch((err: unknown) => {
          logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'mail catcher could not keep a mail');
          callback(err instanceof Error ? err : new Error(String(err)));
        });
    },
  });
  server.on('error', (err) => logger.warn({ err: err.message }, 'mail catcher error'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  logger.info({ port }, 'development mail catcher listening');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
