// The VAPID keys: configured ones are used as given; outside production one pair is made and kept for every process;
// production never makes one (push is off, and says why).
import { expect, it } from 'vitest';
import { vapidKeys } from '../../src/notices/push-keys.js';
import { coreContextOfFile } from '../../test-support/core-context.js';

const ctx = coreContextOfFile();
const none = { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' };
const kept = async () =>
  (await ctx.sql<{ n: number }[]>`select count(*)::int as n from app_secrets where name = 'vapid-development-keys'`)[0]!
    .n;

it('production without keys turns push off with a line naming the variables, and makes no key', async () => {
  const r = await vapidKeys(ctx.sql, { NODE_ENV: 'production', ...none });
  expect(r).toEqual({
    off: expect.stringMatching(/^web push is off: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT/),
  });
  expect(await kept()).toBe(0);
});

it('development makes one pair on first start and every process (even at once) gets the same one', async () => {
  const all = await Promise.all([1, 2, 3].map(() => vapidKeys(ctx.sql, { NODE_ENV: 'development', ...none })));
  expect(new Set(all.map((k) => ('off' in k ? null : k.publicKey))).size).toBe(1);
  expect(all[0]).toMatchObject({
    publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
    subject: 'mailto:notices@carbid.example',
  });
  expect(await kept()).toBe(1);
});

it('configured keys win in any mode', async () => {
  const configured = {
    VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`,
    VAPID_PRIVATE_KEY: 'b'.repeat(43),
    VAPID_SUBJECT: 'mailto:ops@example.com',
  };
  expect(await vapidKeys(ctx.sql, { NODE_ENV: 'production', ...configured })).toEqual({
    publicKey: configured.VAPID_PUBLIC_KEY,
    privateKey: configured.VAPID_PRIVATE_KEY,
    subject: 'mailto:ops@example.com',
  });
});
