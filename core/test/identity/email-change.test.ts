// E-mail change against real Postgres: the address changes only when the link mailed to the new one is opened, the
// old one is told, and two accounts moving to one address at once: one wins.
import { expect, it } from 'vitest';
import { createTransport, type SendMailOptions } from 'nodemailer';
import {
  EMAIL_CHANGE_LINK_EXPIRED,
  EMAIL_CHANGE_LINK_USED,
  EMAIL_CHANGE_TAKEN,
  EMAIL_CHANGE_WRONG_PASSWORD,
  type AccountMailJob,
} from '@app/shared';
import { confirmEmailChange, mailEmailChange, requestEmailChange } from '../../src/identity/email-change.js';
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

async function ask(userId: number, newEmail: string, password = TEST_PASSWORD): Promise<AccountMailJob> {
  const jobs: AccountMailJob[] = [];
  await requestEmailChange({ sql: ctx.sql, mails: { enqueue: async (j) => void jobs.push(j) } }, userId, {
    newEmail,
    password,
  });
  return jobs[0]!;
}

const deps = () => ({ sql: ctx.sql, evictUser: () => {} });
const emailOf = async (id: number) =>
  (await ctx.sql<{ email: string }[]>`select email from users where id = ${id}`)[0]!.email;

it('mails the link to the new address and a notice to the old one; the address changes only on the link', async () => {
  const user = await createUser(ctx.sql, { name: 'Mover' });
  const job = await ask(user.id, 'moved-here@example.test');
  expect(await emailOf(user.id)).toBe(user.email);

  const sent: SendMailOptions[] = [];
  const sink = createTransport({ jsonTransport: true });
  const transport = {
    sendMail: async (m: SendMailOptions) => {
      sent.push(m);
      return sink.sendMail(m);
    },
  } as unknown as ReturnType<typeof createTransport>;
  const mailDeps = { sql: ctx.sql, transport, from: 'x@example.test', publicUrl: 'https://x.test', signingKey: 'k' };
  expect(await mailEmailChange(mailDeps, job.id, job.token)).toBe('sent');
  expect(await mailEmailChange(mailDeps, job.id, job.token)).toBe('done');
  expect(sent.map((m) => (m.to as { address: string }).address)).toEqual(['moved-here@example.test', user.email]);
  expect(String(sent[0]!.text)).toContain(`https://x.test/confirm-email-change?token=${job.token}`);
  expect(String(sent[1]!.text)).toContain('moved-here@example.test');

  expect(await confirmEmailChange(deps(), job.token)).toMatchObject({ id: user.id, email: 'moved-here@example.test' });
  expect(await emailOf(user.id)).toBe('moved-here@example.test');
  expect((await refusal(confirmEmailChange(deps(), job.token))).message).toBe(EMAIL_CHANGE_LINK_USED);
});

it('needs the current password, and refuses a link after 24 hours', async () => {
  const user = await createUser(ctx.sql);
  expect((await refusal(ask(user.id, 'x1@example.test', 'wrong password'))).message).toBe(EMAIL_CHANGE_WRONG_PASSWORD);
  const job = await ask(user.id, 'late@example.test');
  await ctx.sql`update email_changes set created_at = now() - interval '24 hours' where id = ${job.id}`;
  expect((await refusal(confirmEmailChange(deps(), job.token))).message).toBe(EMAIL_CHANGE_LINK_EXPIRED);
  expect(await emailOf(user.id)).toBe(user.email);
});

it('refuses an address another account took meanwhile', async () => {
  const user = await createUser(ctx.sql);
  const job = await ask(user.id, 'taken-later@example.test');
  await createUser(ctx.sql, { email: 'taken-later@example.test' });
  const err = await refusal(confirmEmailChange(deps(), job.token));
  expect(err.status).toBe(409);
  expect(err.message).toBe(EMAIL_CHANGE_TAKEN);
});

it('lets one of two accounts confirming the same new address at once have it', async () => {
  const a = await createUser(ctx.sql);
  const b = await createUser(ctx.sql);
  const [ja, jb] = [await ask(a.id, 'contested@example.test'), await ask(b.id, 'contested@example.test')];
  const results = await Promise.allSettled([
    confirmEmailChange(deps(), ja.token),
    confirmEmailChange(deps(), jb.token),
  ]);
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
  expect((lost.reason as DomainError).status).toBe(409);
  const [n] = await ctx.sql<
    { n: number }[]
  >`select count(*)::int as n from users where email = 'contested@example.test'`;
  expect(n!.n).toBe(1);
});
