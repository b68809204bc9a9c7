// A sign-up link makes the account only with the password chosen at sign-up: the mailbox's owner cannot finish a
// stranger's sign-up (and so never inherits a password the stranger knows).
import { expect, it } from 'vitest';
import { SIGN_UP_PASSWORD_TOO_MANY, SIGN_UP_PASSWORD_WRONG } from '@app/shared';
import { signSignUp } from '../../src/notices/sign-up-token.js';
import { signingKey } from '../../src/notices/signed-token.js';
import { confirmSignUp, requestSignUp } from '../../src/identity/sign-up.js';
import { checkUserCredentials } from '../../src/identity/accounts.js';
import { DomainError } from '../../src/errors.js';
import { coreContextOfFile } from '../../test-support/core-context.js';

const ctx = coreContextOfFile();
const noMail = { enqueue: async () => {} } as never;

async function attempt(email: string, password: string): Promise<string> {
  await requestSignUp({ sql: ctx.sql, mails: noMail }, { name: 'Someone', email, password });
  const [a] = await ctx.sql<{ id: number }[]>`select max(id) as id from sign_up_attempts where email = ${email}`;
  return signSignUp(await signingKey(ctx.sql), a!.id);
}

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const r = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(r).toBeInstanceOf(DomainError);
  return r as DomainError;
}

it("does not let the owner of a mailbox finish a stranger's sign-up; their own sign-up makes the account", async () => {
  const email = 'owner@example.test';
  const strangers = await attempt(email, 'stranger chose this 41');
  // The owner follows the stranger's link with a password of their own: refused, no account.
  const err = await refusal(confirmSignUp(ctx.sql, strangers, 'owner typed this 52'));
  expect(err.message).toBe(SIGN_UP_PASSWORD_WRONG);
  const [n] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from users where email = ${email}`;
  expect(n!.n).toBe(0);
  // The owner signs up themselves: their link and their password make the account, with their password.
  const own = await attempt(email, 'owner typed this 52');
  await confirmSignUp(ctx.sql, own, 'owner typed this 52');
  expect(await checkUserCredentials(ctx.sql, email, 'owner typed this 52')).not.toBeNull();
  expect(await checkUserCredentials(ctx.sql, email, 'stranger chose this 41')).toBeNull();
});

it('kills a link after five wrong passwords', async () => {
  const token = await attempt('guessed@example.test', 'the real one is long 63');
  for (let i = 0; i < 5; i++)
    expect((await refusal(confirmSignUp(ctx.sql, token, `guess number ${i}`))).message).toBe(SIGN_UP_PASSWORD_WRONG);
  expect((await refusal(confirmSignUp(ctx.sql, token, 'the real one is long 63'))).message).toBe(
    SIGN_UP_PASSWORD_TOO_MANY,
  );
});
