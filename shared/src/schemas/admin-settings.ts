// The marketplace settings admins change on the settings tab: stored, audited and enforced by the server.
import { z } from 'zod';
import { ADMIN_AUCTION_DURATIONS_DAYS, ADMIN_COMMISSION_RATES_PCT } from '../constants.js';
import { FEE_SCHEDULE } from '../domain/fees.js';
import { FeeScheduleSchema } from './escrow.js';

const oneOf = <T extends readonly number[]>(values: T, what: string) =>
  z.number().refine((v) => values.includes(v), `${what} must be one of ${values.join(', ')}`);

export const FEATURE_TOGGLES = ['aiValuation', 'buyItNow', 'tradeIn', 'premiumListings'] as const;
export type FeatureToggle = (typeof FEATURE_TOGGLES)[number];
/** Why the server refuses (403) what a turned-off feature would do; the pages show the same words where it is hidden. */
export const FEATURE_OFF_TEXT: Record<FeatureToggle, string> = {
  aiValuation: 'AI valuation is turned off on this marketplace',
  buyItNow: 'Buy It Now is turned off',
  tradeIn: 'Trade-in evaluation is turned off on this marketplace',
  premiumListings: 'Premium listings (members-only auctions) are turned off on this marketplace',
};
export const FeatureTogglesSchema = z.object({
  aiValuation: z.boolean(),
  buyItNow: z.boolean(),
  tradeIn: z.boolean(),
  premiumListings: z.boolean(),
});
export type FeatureToggles = z.infer<typeof FeatureTogglesSchema>;

export const MarketplaceSettingsSchema = z.object({
  defaultDurationDays: oneOf(ADMIN_AUCTION_DURATIONS_DAYS, 'Duration'),
  commissionRatePct: oneOf(ADMIN_COMMISSION_RATES_PCT, 'Commission'),
  features: FeatureTogglesSchema,
});
export type MarketplaceSettings = z.infer<typeof MarketplaceSettingsSchema>;

/** A missing row is its default: the spec's 7 days, the fee module's commission, every feature on. */
export const DEFAULT_MARKETPLACE_SETTINGS: MarketplaceSettings = {
  defaultDurationDays: 7,
  commissionRatePct: FEE_SCHEDULE.sellersCommissionBps / 100,
  features: { aiValuation: true, buyItNow: true, tradeIn: true, premiumListings: true },
};

/**
 * What every visitor may read: the pages hide a feature the server would refuse, preselect the default duration, and
 * show money owed with the fee schedule new sales are made with (the admin's commission included).
 */
export const PublicMarketplaceSettingsSchema = z.object({
  defaultDurationDays: MarketplaceSettingsSchema.shape.defaultDurationDays,
  features: FeatureTogglesSchema,
  fees: FeeScheduleSchema,
});
export type PublicMarketplaceSettings = z.infer<typeof PublicMarketplaceSettingsSchema>;

export const UpdateMarketplaceSettingsBodySchema = z
  .object({
    defaultDurationDays: MarketplaceSettingsSchema.shape.defaultDurationDays.optional(),
    commissionRatePct: MarketplaceSettingsSchema.shape.commissionRatePct.optional(),
    features: FeatureTogglesSchema.partial().optional(),
  })
  .strict();
export type UpdateMarketplaceSettingsBody = z.infer<typeof UpdateMarketplaceSettingsBodySchema>;

export const SettingsAuditEntrySchema = z.object({
  id: z.number().int(),
  adminName: z.string().nullable(),
  action: z.string(),
  subject: z.string(),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export const AdminSettingsResponseSchema = z.object({
  settings: MarketplaceSettingsSchema,
  audit: z.array(SettingsAuditEntrySchema),
});
export type AdminSettingsResponse = z.infer<typeof AdminSettingsResponseSchema>;
