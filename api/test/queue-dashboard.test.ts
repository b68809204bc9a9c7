import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminSession, createUserSession, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

it('serves the queue dashboard to admins only: signed out 401 (or a redirect for a browser), ordinary user 403', async () => {
  expect((await ctx.app.inject({ url: '/admin/queues/api/queues' })).statusCode).toBe(401);
  const page = await ctx.app.inject({ url: '/admin/queues', headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(302);
  expect(page.headers.location).toBe('/admin/login');
  const user = await createUserSession(ctx.app, ctx.sql);
  expect((await ctx.app.inject({ url: '/admin/queues/api/queues', headers: { cookie: user.cookie } })).statusCode).toBe(
    403,
  );

  const { cookie } = await createAdminSession(ctx.app, ctx.sql);
  const api = await ctx.app.inject({ url: '/admin/queues/api/queues', headers: { cookie } });
  expect(api.statusCode).toBe(200);
  const names = (api.json().queues as { name: string }[]).map((q) => q.name).sort();
  expect(names).toEqual([
    'auction-close',
    'bid-alerts',
    'escrow-deadlines',
    'housekeeping',
    'notices',
    'offer-expiry',
    'trade-in-expiry',
  ]);
  const html = await ctx.app.inject({ url: '/admin/queues', headers: { cookie, accept: 'text/html' } });
  expect(html.statusCode).toBe(200);
  expect(html.body).toContain('<html');
});

it('refuses a cross-origin write under /admin/queues with a JSON 403, not a 500', async () => {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/admin/queues/api/queues/auction-close/pause',
    headers: { origin: 'https://evil.example' },
  });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ error: 'Cross-origin request refused' });
});
