// Password reset against real Postgres and Redis: the link works once, for 30 minutes, and ending every session of
// the member is what a successful reset does (and all a failed one does not).
import { expect, it } from 'vitest';
import { Queue } from 'bullmq';
import pino from 'pino';
import { createTransport, type SendMailOptions } from 'nodemailer';
import { bullConnection, bullPrefix } from '@app/infra';
import {
  QUEUE_NAMES,
  RESET_ANSWER,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
  accountMailJobId,
  type AccountMailJob,
} from '@app/shared';
import { AccountMails } from '../../src/identity/account-mails.js';
import { mailPasswordReset, requestPasswordReset, resetPassword } from '../../src/identity/password-reset.js';
import { createUserSession, findSessionUser } from '../../src/identity/sessions.js';
import { checkUserCredentials } from '../../src/identity/accounts.js';
import { DomainError } from '../../src/errors.js';
import { REDIS_URL, coreContextOfFile } from '../../test-support/core-context.js';
import { TEST_PASSWORD, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();
const NEW_PASSWORD = 'a long unusual passphrase 93';

/** The jobs the API would hand to the workers, kept for the test to read the link's token. */
function recordingQueue() {
  const jobs: AccountMailJob[] = [];
  return { jobs, enqueue: async (job: AccountMailJob) => void jobs.push(job) };
}

function mailDeps() {
  const sent: SendMailOptions[] = [];
  const sink = createTransport({ jsonTransport: true });
  const transport = {
    sendMail: async (m: SendMailOptions) => {
      sent.push(m);
      return sink.sendMail(m);
    },
  } as unknown as ReturnType<typeof createTransport>;
  return {
    sent,
    deps: {
      sql: ctx.sql,
      transport,
      from: 'CarBid <n@example.test>',
      publicUrl: 'https://x.test',
      signingKey: 'k'.repeat(32),
    },
  };
}

const resetDeps = (evicted: number[] = []) => ({ ...ctx, evictUser: (id: number) => void evicted.push(id) });

async function linkFor(email: string): Promise<{ token: string; id: number }> {
  const q = recordingQueue();
  await requestPasswordReset({ sql: ctx.sql, mails: q }, email);
  return { token: q.jobs[0]!.token, id: q.jobs[0]!.id };
}

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const r = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(r).toBeInstanceOf(DomainError);
  return r as DomainError;
}

const sessionsOf = async (userId: number) =>
  (await ctx.sql<{ n: number }[]>`select count(*)::int as n from sessions where user_id = ${userId}`)[0]!.n;

it('mails a link to an account, nothing to an unknown address, and keeps only the hash of the token', async () => {
  const user = await createUser(ctx.sql, { name: 'Reset Owner' });
  const mails = new AccountMails({ REDIS_URL, REDIS_PREFIX: ctx.prefix }, pino({ level: 'silent' }));
  try {
    await requestPasswordReset({ sql: ctx.sql, mails }, user.email);
    await requestPasswordReset({ sql: ctx.sql, mails }, 'nobody-here@example.test');
  } finally {
    await mails.close();
  }
  const rows = await ctx.sql<{ id: number; userId: number | null; tokenHash: string }[]>`
    select id, user_id, token_hash from password_resets where email in (${user.email}, 'nobody-here@example.test') order by id`;
  expect(rows.map((r) => r.userId)).toEqual([user.id, null]);
  const queue = new Queue(QUEUE_NAMES.notices, {
    connection: bullConnection(REDIS_URL),
    prefix: bullPrefix(ctx.prefix),
  });
  const jobs = await Promise.all(rows.map((r) => queue.getJob(accountMailJobId({ kind: 'password-reset', id: r.id }))));
  await queue.close();
  const tokens = jobs.map((j) => (j!.data as AccountMailJob).token);
  // The table holds a 64-hex hash, never the token itself.
  for (const [i, r] of rows.entries()) expect(r.tokenHash).not.toContain(tokens[i]);

  const { sent, deps } = mailDeps();
  expect(await mailPasswordReset(deps, rows[0]!.id, tokens[0]!)).toBe('sent');
  expect(await mailPasswordReset(deps, rows[0]!.id, tokens[0]!)).toBe('done');
  expect(await mailPasswordReset(deps, rows[1]!.id, tokens[1]!)).toBe('skipped');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.to).toEqual({ name: 'Reset Owner', address: user.email });
  expect(String(sent[0]!.text)).toContain(`https://x.test/reset-password?token=${tokens[0]}`);
  expect(RESET_ANSWER).toContain('30 minutes');
});

it('mails one address at most three reset links an hour', async () => {
  const user = await createUser(ctx.sql);
  const { sent, deps } = mailDeps();
  const results = [];
  for (let i = 0; i < 5; i++) {
    const l = await linkFor(user.email);
    results.push(await mailPasswordReset(deps, l.id, l.token));
  }
  expect(results).toEqual(['sent', 'sent', 'sent', 'capped', 'capped']);
  expect(sent).toHaveLength(3);
});

it('sets the password, ends every session of the member and signs in afresh', async () => {
  const user = await createUser(ctx.sql);
  const phone = await createUserSession(ctx.sql, user.id, 60_000);
  const laptop = await createUserSession(ctx.sql, user.id, 60_000);
  const link = await linkFor(user.email);
  const evicted: number[] = [];
  const signed = await resetPassword(resetDeps(evicted), { token: link.token, password: NEW_PASSWORD });
  expect('token' in signed).toBe(true);
  expect(await findSessionUser(ctx.sql, phone)).toBeNull();
  expect(await findSessionUser(ctx.sql, laptop)).toBeNull();
  expect(await findSessionUser(ctx.sql, (signed as { token: string }).token)).toMatchObject({ id: user.id });
  expect(evicted).toEqual([user.id]);
  const ended = (await ctx.published()).filter((e) => e.type === 'session.ended' && e.userId === user.id);
  expect(ended).toHaveLength(2);
  expect(await checkUserCredentials(ctx.sql, user.email, NEW_PASSWORD)).toMatchObject({ id: user.id });
  expect(await checkUserCredentials(ctx.sql, user.email, TEST_PASSWORD)).toBeNull();
});

it('refuses a link used twice, and the second use ends nothing', async () => {
  const user = await createUser(ctx.sql);
  const link = await linkFor(user.email);
  await resetPassword(resetDeps(), { token: link.token, password: NEW_PASSWORD });
  const after = await createUserSession(ctx.sql, user.id, 60_000);
  const before = await sessionsOf(user.id);
  const err = await refusal(resetPassword(resetDeps(), { token: link.token, password: 'another fine passphrase 17' }));
  expect(err.status).toBe(400);
  expect(err.message).toBe(RESET_LINK_USED);
  expect(await sessionsOf(user.id)).toBe(before);
  expect(await findSessionUser(ctx.sql, after)).toMatchObject({ id: user.id });
  expect(await checkUserCredentials(ctx.sql, user.email, NEW_PASSWORD)).toMatchObject({ id: user.id });
});

it('refuses a link after 30 minutes and ends nothing', async () => {
  const user = await createUser(ctx.sql);
  const session = await createUserSession(ctx.sql, user.id, 60_000);
  const link = await linkFor(user.email);
  await ctx.sql`update password_resets set created_at = now() - interval '30 minutes 1 second' where id = ${link.id}`;
  const err = await refusal(resetPassword(resetDeps(), { token: link.token, password: NEW_PASSWORD }));
  expect(err.message).toBe(RESET_LINK_EXPIRED);
  expect(await findSessionUser(ctx.sql, session)).toMatchObject({ id: user.id });
  expect(await checkUserCredentials(ctx.sql, user.email, TEST_PASSWORD)).toMatchObject({ id: user.id });
  const [row] = await ctx.sql<{ usedAt: Date | null }[]>`select used_at from password_resets where id = ${link.id}`;
  expect(row!.usedAt).toBeNull();
});

it('refuses a link for an address without an account, and a made-up token', async () => {
  const link = await linkFor('no-account@example.test');
  expect((await refusal(resetPassword(resetDeps(), { token: link.token, password: NEW_PASSWORD }))).message).toBe(
    RESET_LINK_INVALID,
  );
  expect((await refusal(resetPassword(resetDeps(), { token: 'A'.repeat(43), password: NEW_PASSWORD }))).message).toBe(
    RESET_LINK_INVALID,
  );
});

it('lets one of two uses of one link at once through; the other is refused', async () => {
  const user = await createUser(ctx.sql);
  const link = await linkFor(user.email);
  const results = await Promise.allSettled([
    resetPassword(resetDeps(), { token: link.token, password: NEW_PASSWORD }),
    resetPassword(resetDeps(), { token: link.token, password: 'another fine passphrase 17' }),
  ]);
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
  expect((lost.reason as DomainError).message).toBe(RESET_LINK_USED);
  // Exactly the session of the winner is left.
  expect(await sessionsOf(user.id)).toBe(1);
});

it('kills the other unused links of the member once one is used, and refuses a weak password without using the link', async () => {
  const user = await createUser(ctx.sql);
  const first = await linkFor(user.email);
  const second = await linkFor(user.email);
  const weak = await refusal(resetPassword(resetDeps(), { token: first.token, password: 'password123' }));
  expect(weak.status).toBe(400);
  await resetPassword(resetDeps(), { token: first.token, password: NEW_PASSWORD });
  expect((await refusal(resetPassword(resetDeps(), { token: second.token, password: NEW_PASSWORD }))).message).toBe(
    RESET_LINK_USED,
  );
});
