// The marketplace settings: one row per key, a missing row is its default. Every change is written with an audit row
// (which admin, what from and to, when) in the same transaction. Reading them is `readSettings` in @app/infra.
import type { Sql, TransactionSql } from 'postgres';
import { commitWithEvents, type EventDeps } from '@app/infra';
import { readSettings } from './read-settings.js';
import {
  FEATURE_OFF_TEXT,
  type AdminSettingsResponse,
  type FeatureToggle,
  type MarketplaceSettings,
  type UpdateMarketplaceSettingsBody,
} from '@app/shared';
import { Forbidden } from '../errors.js';

type Key = keyof MarketplaceSettings;

/** The service-level refusal for a feature an admin turned off (403, in the words the pages show). */
export async function assertFeatureOn(sql: Sql | TransactionSql, feature: FeatureToggle): Promise<void> {
  if (!(await readSettings(sql)).features[feature]) throw new Forbidden(FEATURE_OFF_TEXT[feature]);
}

export async function updateSettings(
  deps: EventDeps,
  adminId: number,
  patch: UpdateMarketplaceSettingsBody,
): Promise<MarketplaceSettings> {
  await commitWithEvents(deps, async (tx, outbox) => {
    // One change at a time, so two admins' edits of the feature toggles never lose each other's keys.
    await tx`select pg_advisory_xact_lock(hashtext('marketplace_settings'))`;
    const before = await readSettings(tx);
    const after: MarketplaceSettings = {
      ...before,
      ...(patch.defaultDurationDays !== undefined ? { defaultDurationDays: patch.defaultDurationDays } : {}),
      ...(patch.commissionRatePct !== undefined ? { commissionRatePct: patch.commissionRatePct } : {}),
      features: { ...before.features, ...patch.features },
    };
    let changed = false;
    for (const key of Object.keys(after) as Key[]) {
      if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
      changed = true;
      await tx`
        insert into marketplace_settings (key, value, updated_by, updated_at) values (${key}, ${tx.json(after[key] as never)}, ${adminId}, now())
        on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`;
      await tx`
        insert into admin_audit_log (admin_id, action, subject, details)
        values (${adminId}, 'setting.changed', ${key}, ${tx.json({ from: before[key], to: after[key] } as never)})`;
    }
    // Other admins' settings tabs refresh, when there is something new to see (a patch that changes nothing is silent).
    if (!changed) return;
    await outbox.append([
      { type: 'admin.changed', at: new Date().toISOString(), adminId, what: 'settings', subject: 'settings' },
    ]);
  });
  return readSettings(deps.sql);
}

export async function settingsWithAudit(sql: Sql): Promise<AdminSettingsResponse> {
  const [settings, audit] = await Promise.all([
    readSettings(sql),
    sql<
      {
        id: string;
        adminName: string | null;
        action: string;
        subject: string;
        details: Record<string, unknown>;
        createdAt: Date;
      }[]
    >`
      select l.id, a.name as admin_name, l.action, l.subject, l.details, l.created_at
      from admin_audit_log l left join admin_users a on a.id = l.admin_id
      order by l.id desc limit 50`,
  ]);
  return {
    settings,
    audit: audit.map((r) => ({
      id: Number(r.id),
      adminName: r.adminName,
      action: r.action,
      subject: r.subject,
      details: r.details,
      at: r.createdAt.toISOString(),
    })),
  };
}
