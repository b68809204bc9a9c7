// Marketplace settings: a missing row is its default; every change is audited and announced to the other admins, and
// two admins changing different keys at once lose neither change.
import { expect, it } from 'vitest';
import { DEFAULT_MARKETPLACE_SETTINGS } from '@app/shared';
import { assertFeatureOn, updateSettings } from '../../src/settings/marketplace-settings.js';
import { readSettings } from '../../src/settings/read-settings.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAdmin } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

const announced = async () =>
  (await ctx.published()).filter((e) => e.type === 'admin.changed' && e.what === 'settings');

it('reads the defaults where no row was written', async () => {
  expect(await readSettings(ctx.sql)).toEqual(DEFAULT_MARKETPLACE_SETTINGS);
});

it('keeps both of two changes made at once, with an audit row each, and refuses a feature turned off', async () => {
  const [a, b] = [await createAdmin(ctx.sql), await createAdmin(ctx.sql)];
  await Promise.all([
    updateSettings(ctx, a.id, { features: { buyItNow: false } }),
    updateSettings(ctx, b.id, { features: { tradeIn: false } }),
  ]);
  const settings = await readSettings(ctx.sql);
  expect(settings.features).toMatchObject({ buyItNow: false, tradeIn: false });
  const audit = await ctx.sql<{ adminId: number }[]>`
    select admin_id from admin_audit_log where action = 'setting.changed' order by id`;
  expect(audit.map((r) => r.adminId).sort()).toEqual([a.id, b.id].sort());
  expect(await announced()).toHaveLength(2);
  await expect(assertFeatureOn(ctx.sql, 'buyItNow')).rejects.toMatchObject({ status: 403 });
});

it('changes nothing, audits nothing and tells no one for a patch that sets what is already set', async () => {
  const admin = await createAdmin(ctx.sql);
  const before = (await announced()).length;
  const current = await readSettings(ctx.sql);
  await updateSettings(ctx, admin.id, { defaultDurationDays: current.defaultDurationDays });
  expect(await announced()).toHaveLength(before);
  const [n] = await ctx.sql<
    { n: number }[]
  >`select count(*)::int as n from admin_audit_log where admin_id = ${admin.id}`;
  expect(n!.n).toBe(0);
});
