import { expect, it } from 'vitest';
import { useAppWithGateways } from './support/gateways.js';
import { AdminUserListSchema } from '@app/shared';
import {
  createAdminSession,
  createAuction,
  createUserSession,
  jsonHeaders,
  TEST_PASSWORD,
} from '../api/test/support/test-app.js';

const t = useAppWithGateways();
const { gateways } = t;

const gatewayUrl = () => gateways.start();
const open = (url: string, cookie: string) => gateways.open(url, cookie);

it('suspending a member drops their sockets and sessions; they cannot bid, chat or sign in until reactivated', async () => {
  const url = await gatewayUrl();
  const admin = await createAdminSession(t.ctx.app, t.ctx.sql);
  const member = await createUserSession(t.ctx.app, t.ctx.sql, { name: 'Suspect Bidder' });
  const bystander = await createUserSession(t.ctx.app, t.ctx.sql);
  const auctionId = await createAuction(t.ctx.sql);
  const bid = (cookie: string, amount: string) =>
    t.ctx.app.inject({
      method: 'POST',
      url: '/api/bids',
      headers: jsonHeaders(cookie),
      payload: { auctionId, amount },
    });
  const chat = (cookie: string) =>
    t.ctx.app.inject({
      method: 'POST',
      url: `/api/chat/messages/${auctionId}`,
      headers: jsonHeaders(cookie),
      payload: { message: 'hello' },
    });
  expect((await bid(member.cookie, '10000.00')).statusCode).toBe(201);
  expect((await chat(member.cookie)).statusCode).toBe(201);
  // The session is warm in the API's cache, as it is for an active bidder.
  const [socket, othersSocket] = [await open(url, member.cookie), await open(url, bystander.cookie)];
  const dropped = new Promise<string>((r) => socket.once('disconnect', (reason) => r(reason)));
  // Another admin's open portal hears of the change.
  const otherAdmin = await createAdminSession(t.ctx.app, t.ctx.sql);
  const adminSocket = await open(url, otherAdmin.cookie);
  const heard = new Promise<unknown>((r) => adminSocket.once('admin.changed', r));

  const found = AdminUserListSchema.parse(
    (await t.ctx.app.inject({ url: '/api/admin/users?search=suspect', headers: { cookie: admin.cookie } })).json(),
  );
  expect(found.items.map((u) => [u.id, u.suspendedAt])).toEqual([[member.id, null]]);
  const res = await t.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/users/${member.id}/suspend`,
    headers: jsonHeaders(admin.cookie),
    payload: { reason: 'Unpaid escrows' },
  });
  expect(res.statusCode).toBe(204);
  expect(await dropped).toBe('io server disconnect');
  expect(await heard).toMatchObject({ type: 'admin.changed', what: 'user', subject: `user:${member.id}` });
  adminSocket.disconnect();
  expect(othersSocket.connected).toBe(true);

  expect((await bid(member.cookie, '11000.00')).statusCode).toBe(401);
  expect((await chat(member.cookie)).statusCode).toBe(401);
  const signIn = () =>
    t.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: jsonHeaders(),
      payload: { email: member.email, password: TEST_PASSWORD },
    });
  const refused = await signIn();
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error).toMatch(/suspended/);
  const listed = AdminUserListSchema.parse(
    (await t.ctx.app.inject({ url: '/api/admin/users?search=suspect', headers: { cookie: admin.cookie } })).json(),
  );
  expect(listed.items[0]).toMatchObject({ suspensionReason: 'Unpaid escrows', suspendedAt: expect.any(String) });
  const audit = await t.ctx.sql<
    { action: string }[]
  >`select action from admin_audit_log where subject = ${`user:${member.id}`}`;
  expect(audit.map((a) => a.action)).toEqual(['user.suspended']);

  expect(
    (
      await t.ctx.app.inject({
        method: 'POST',
        url: `/api/admin/users/${member.id}/reactivate`,
        headers: jsonHeaders(admin.cookie),
      })
    ).statusCode,
  ).toBe(204);
  const back = await signIn();
  expect(back.statusCode).toBe(200);
  const cookie = `sid=${back.cookies.find((c) => c.name === 'sid')!.value}`;
  expect((await bid(cookie, '11000.00')).statusCode).toBe(201);
  othersSocket.disconnect();
});

it('only admins suspend; a member cannot', async () => {
  const member = await createUserSession(t.ctx.app, t.ctx.sql);
  const victim = await createUserSession(t.ctx.app, t.ctx.sql);
  const res = await t.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/users/${victim.id}/suspend`,
    headers: jsonHeaders(member.cookie),
    payload: { reason: 'x' },
  });
  expect(res.statusCode).toBe(403);
  const admin = await createAdminSession(t.ctx.app, t.ctx.sql);
  const noReason = await t.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/users/${victim.id}/suspend`,
    headers: jsonHeaders(admin.cookie),
    payload: { reason: '' },
  });
  expect(noReason.statusCode).toBe(400);
});
