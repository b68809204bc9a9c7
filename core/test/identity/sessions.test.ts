// Ending a session tells the gateways to close its sockets, once; a sign-up's mailed link makes the account once.
import { expect, it } from 'vitest';
import { Queue } from 'bullmq';
import pino from 'pino';
import { bullConnection, bullPrefix } from '@app/infra';
import { QUEUE_NAMES, signUpMailJobId } from '@app/shared';
import { signSignUp } from '../../src/notices/sign-up-token.js';
import { signingKey } from '../../src/notices/signed-token.js';
import {
  createAdminSession,
  createUserSession,
  endSession,
  findSessionUser,
  sessionIdOf,
} from '../../src/identity/sessions.js';
import { SignUpMails } from '../../src/identity/sign-up-mails.js';
import { confirmSignUp, requestSignUp } from '../../src/identity/sign-up.js';
import { DomainError } from '../../src/errors.js';
import { REDIS_URL, coreContextOfFile } from '../../test-support/core-context.js';
import { createAdmin, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

it("ends a member's session everywhere at once and announces it once on their stream", async () => {
  const user = await createUser(ctx.sql);
  const token = await createUserSession(ctx.sql, user.id, 60_000);
  expect(await findSessionUser(ctx.sql, token)).toMatchObject({ id: user.id });
  await endSession(ctx, token);
  await endSession(ctx, token);
  expect(await findSessionUser(ctx.sql, token)).toBeNull();
  const ended = (await ctx.published()).filter((e) => e.type === 'session.ended' && e.userId === user.id);
  expect(ended).toEqual([expect.objectContaining({ stream: `user:${user.id}`, sessionId: sessionIdOf(token) })]);
});

it("announces an admin's signing out on the admins' stream", async () => {
  const admin = await createAdmin(ctx.sql);
  const token = await createAdminSession(ctx.sql, admin.id);
  await endSession(ctx, token);
  const ended = (await ctx.published()).filter((e) => e.type === 'admin-session.ended' && e.adminId === admin.id);
  expect(ended.map((e) => e.stream)).toEqual(['admins']);
});

it('makes one account when two links for one address are confirmed at once; the other is told it is done', async () => {
  const mails = new SignUpMails({ REDIS_URL, REDIS_PREFIX: ctx.prefix }, pino({ level: 'silent' }));
  try {
    const body = { name: 'New Member', email: 'twice@example.test', password: 'a long unusual passphrase 93' };
    await requestSignUp({ sql: ctx.sql, mails }, body);
    await requestSignUp({ sql: ctx.sql, mails }, body);
    const attempts = await ctx.sql<
      { id: number }[]
    >`select id from sign_up_attempts where email = ${body.email} order by id`;
    expect(attempts).toHaveLength(2);
    const queue = new Queue(QUEUE_NAMES.notices, {
      connection: bullConnection(REDIS_URL),
      prefix: bullPrefix(ctx.prefix),
    });
    for (const a of attempts) expect(await queue.getJob(signUpMailJobId(a.id))).toBeDefined();
    await queue.close();
    const key = await signingKey(ctx.sql);
    const results = await Promise.allSettled(
      attempts.map((a) => confirmSignUp(ctx.sql, signSignUp(key, a.id), body.password)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusal = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refusal.reason).toBeInstanceOf(DomainError);
    expect((refusal.reason as DomainError).status).toBe(409);
    const [n] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from users where email = ${body.email}`;
    expect(n!.n).toBe(1);
  } finally {
    await mails.close();
  }
});
