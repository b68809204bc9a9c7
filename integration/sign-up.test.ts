// Registration end to end: the API answers, the workers mail (through the development mail catcher), the mailed link
// makes the account. An address with an account gets a note instead, and a mailbox is not flooded.
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { startWorkers, type Workers } from '@app/workers';
import { SIGN_UP_MAILS_PER_HOUR } from '@app/shared';
import {
  createUser,
  ORIGIN,
  REDIS_URL,
  startTestApp,
  TEST_PASSWORD,
  type TestContext,
} from '../api/test/support/test-app.js';

const SITE = 'http://localhost:3000';
let ctx: TestContext;
let workers: Workers;
beforeAll(async () => {
  ctx = await startTestApp();
  workers = await startWorkers({
    sql: ctx.sql,
    redisUrl: REDIS_URL,
    redisPrefix: ctx.config.REDIS_PREFIX,
    logger: pino({ level: 'silent' }),
    publicUrl: SITE,
  });
});
afterAll(async () => {
  await workers?.close();
  await ctx?.close();
});

let clients = 0;
const register = (name: string, email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { origin: ORIGIN },
    payload: { name, email, password },
    remoteAddress: `192.0.2.${(clients += 1)}`,
  });
const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ORIGIN }, payload: { email, password } });
const mailsTo = (email: string) =>
  ctx.sql<{ subject: string; textBody: string; htmlBody: string | null }[]>`
    select subject, text_body, html_body from caught_mails where mail_to like ${`%${email}%`} order by id`;

async function waitForMails(email: string, count: number) {
  for (let i = 0; i < 200; i += 1) {
    const mails = await mailsTo(email);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  return mailsTo(email);
}

it('mails a new address its link, which makes the account; mails the owner of a taken address a note; both answered alike', async () => {
  const owner = await createUser(ctx.sql, { name: 'Rightful Owner' });
  const email = `newcomer-${Date.now()}@example.test`;
  const forNew = await register('Newcomer', email, 'newcomer-password');
  const forTaken = await register('Someone Else', owner.email, 'another-password');
  expect([forNew.statusCode, forTaken.statusCode]).toEqual([202, 202]);
  expect(forNew.body).toBe(forTaken.body);

  const [note] = await waitForMails(owner.email, 1);
  expect(note!.subject).toBe('Someone tried to sign up with your email address');
  expect(note!.textBody).toContain('Hi Rightful Owner,');
  expect(note!.textBody).toContain(`${SITE}/login`);
  expect(note!.textBody).not.toContain('confirm-email');
  // The stranger's name is not put in front of the owner.
  expect(note!.textBody).not.toContain('Someone Else');
  expect((await login(owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  expect((await login(owner.email, 'another-password')).statusCode).toBe(401);

  const [mail] = await waitForMails(email, 1);
  expect(mail!.subject).toBe('Confirm your email to finish signing up');
  // The name given at sign-up (anyone's words, sent to a mailbox that may not be theirs) is not in the mail.
  expect(mail!.textBody).not.toContain('Newcomer');
  expect(mail!.htmlBody).not.toContain('Newcomer');
  const [envelope] = await ctx.sql<{ mailTo: string; headers: unknown }[]>`
    select mail_to, headers from caught_mails where mail_to like ${`%${email}%`} and subject like 'Confirm%'`;
  expect(JSON.stringify(envelope)).not.toContain('Newcomer');
  const link = new URL(/(http\S+\/confirm-email\?token=\S+)/.exec(mail!.textBody)![1]!);
  expect(link.origin).toBe(SITE);
  expect(mail!.htmlBody).toContain('Confirm my email');
  // Before the link is opened, the right password is told the account is not confirmed yet; any other, as ever, 401.
  expect((await login(email, 'newcomer-password')).statusCode).toBe(403);
  expect((await login(email, 'not-the-password')).statusCode).toBe(401);

  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    headers: { origin: ORIGIN },
    payload: { token: link.searchParams.get('token'), password: 'newcomer-password' },
  });
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json().user).toMatchObject({ name: 'Newcomer', email });
  expect((await login(email, 'newcomer-password')).statusCode).toBe(200);

  // Each attempt was mailed once, though the sweep looked at them too.
  await workers.notices.sweep();
  await new Promise((r) => setTimeout(r, 300));
  expect((await mailsTo(email)).length).toBe(1);
  expect((await mailsTo(owner.email)).length).toBe(1);
});

it(`mails one address at most ${SIGN_UP_MAILS_PER_HOUR} sign-up mails an hour, whatever the form is sent`, async () => {
  const email = `flooded-${Date.now()}@example.test`;
  const answers = await Promise.all(
    Array.from({ length: SIGN_UP_MAILS_PER_HOUR + 3 }, (_, i) => register(`Try ${i}`, email, 'a-fine-password')),
  );
  expect(answers.every((a) => a.statusCode === 202)).toBe(true);
  await waitForMails(email, SIGN_UP_MAILS_PER_HOUR);
  // The workers' jobs decide the rest (skipped over the cap): up to 15 s on a busy machine.
  for (let i = 0; i < 300; i += 1) {
    const [left] = await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from sign_up_attempts where email = ${email} and mail_status = 'pending'`;
    if (left!.n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect((await mailsTo(email)).length).toBe(SIGN_UP_MAILS_PER_HOUR);
  const statuses = await ctx.sql<
    { mailStatus: string }[]
  >`select mail_status from sign_up_attempts where email = ${email}`;
  expect(statuses.filter((s) => s.mailStatus === 'skip').length).toBe(3);
});

it('mails a sign-up whose job never reached the queue (Redis away at the time) from the sweep', async () => {
  const email = `lost-job-${Date.now()}@example.test`;
  // As the API leaves it when the enqueue fails: the attempt committed, no job.
  await ctx.sql`
    insert into sign_up_attempts (email, name, password_hash, created_at) values (${email}, 'Patient Person', 'x', now() - interval '1 minute')`;
  await workers.notices.sweep();
  const [mail] = await waitForMails(email, 1);
  expect(mail?.subject).toBe('Confirm your email to finish signing up');
});
