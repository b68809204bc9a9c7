// The marketplace settings admins set (default duration, commission, feature toggles), read the one way every rule that
// depends on them reads them: inside the caller's transaction when it has one, a missing row being its default.
import type { Sql, TransactionSql } from 'postgres';
import { DEFAULT_MARKETPLACE_SETTINGS, MarketplaceSettingsSchema, type MarketplaceSettings } from '@app/shared';

export async function readSettings(sql: Sql | TransactionSql): Promise<MarketplaceSettings> {
  const rows = await sql<{ key: string; value: unknown }[]>`select key, value from marketplace_settings`;
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const merged = {
    ...DEFAULT_MARKETPLACE_SETTINGS,
    ...stored,
    features: { ...DEFAULT_MARKETPLACE_SETTINGS.features, ...(stored.features as object | undefined) },
  };
  // A row that no longer fits the schema (an option removed) falls back to the defaults rather than failing requests.
  const parsed = MarketplaceSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_MARKETPLACE_SETTINGS;
}
