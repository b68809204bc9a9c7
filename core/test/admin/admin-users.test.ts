// Suspending a member ends every session they have in the same transaction, tells the gateways to close their
// sockets and the other admins to refresh; setting what is already set changes and tells nothing.
import { expect, it } from 'vitest';
import { setPremium, suspendUser } from '../../src/admin/admin-users.js';
import { SessionCache } from '../../src/identity/session-cache.js';
import { createUserSession, findSessionUser } from '../../src/identity/sessions.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAdmin, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

it('ends every session of a suspended member, each announced, and forgets them in the session cache', async () => {
  const admin = await createAdmin(ctx.sql);
  const user = await createUser(ctx.sql);
  const tokens = [await createUserSession(ctx.sql, user.id, 60_000), await createUserSession(ctx.sql, user.id, 60_000)];
  const sessionCache = new SessionCache();
  for (const t of tokens) sessionCache.set(t, { ...user, isPremium: false });
  await suspendUser({ ...ctx, sessionCache }, admin.id, user.id, 'Shill bidding');
  for (const t of tokens) {
    expect(sessionCache.get(t)).toBeUndefined();
    expect(await findSessionUser(ctx.sql, t)).toBeNull();
  }
  const events = await ctx.published();
  expect(events.filter((e) => e.type === 'session.ended' && e.userId === user.id)).toHaveLength(2);
  expect(events.filter((e) => e.type === 'admin.changed' && e.subject === `user:${user.id}`)).toHaveLength(1);
});

it('audits and announces a premium flag only when it changes', async () => {
  const admin = await createAdmin(ctx.sql);
  const user = await createUser(ctx.sql);
  await setPremium(ctx, admin.id, user.id, false);
  await setPremium(ctx, admin.id, user.id, true);
  await setPremium(ctx, admin.id, user.id, true);
  const audit = await ctx.sql<{ n: number }[]>`
    select count(*)::int as n from admin_audit_log where action = 'user.premium' and subject = ${`user:${user.id}`}`;
  expect(audit[0]!.n).toBe(1);
  const told = (await ctx.published()).filter((e) => e.type === 'admin.changed' && e.subject === `user:${user.id}`);
  expect(told).toHaveLength(1);
});
