// The admin portal's own answers (its requests reuse the auction and escrow contracts).
import { z } from 'zod';
import { AuctionStatusSchema } from './auctions.js';
import { IsoDateSchema, MoneySchema, PageNumberSchema } from './common.js';

export const ADMIN_PERIODS = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export const AdminPeriodSchema = z.enum(['7d', '30d', '90d', '1y']);
export type AdminPeriod = z.infer<typeof AdminPeriodSchema>;
export const AdminPeriodQuerySchema = z.object({ period: AdminPeriodSchema.default('30d') });

export const AdminOverviewSchema = z.object({
  liveAuctions: z.number().int(),
  users: z.number().int(),
  bidsToday: z.number().int(),
  pending: z.number().int(),
  period: AdminPeriodSchema,
  /** Sale prices of the auctions sold (at the hammer or by Buy It Now) in the period. */
  gmv: MoneySchema,
  auctionsEnded: z.number().int(),
  auctionsSold: z.number().int(),
  /** Sold of ended, in percent with one decimal; null when nothing ended. */
  sellThroughRate: z.number().nullable(),
  /** Bids in the period per auction that received one; two decimals. */
  avgBidsPerAuction: z.number(),
  newUsers: z.number().int(),
  escrowVolume: z.array(z.object({ status: z.string(), count: z.number().int(), amount: MoneySchema })),
  /** The marketplace's share of the sales in the period (buyer's premium, commission, escrow fees), as stored with each escrow. */
  feesEarned: MoneySchema,
  /** The same fees by type (the revenue tab). */
  feesByType: z.object({
    buyersPremium: MoneySchema,
    sellersCommission: MoneySchema,
    buyerEscrowFees: MoneySchema,
    sellerEscrowFees: MoneySchema,
  }),
  series: z.array(z.object({ day: z.string(), sales: z.number().int(), bids: z.number().int() })),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

export const AuctionDecisionResponseSchema = z.object({ status: AuctionStatusSchema, endTime: IsoDateSchema });

export const AdminUserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  isPremium: z.boolean(),
  /** Bids without a card and without holds (a dealer account). */
  bidExempt: z.boolean(),
  createdAt: IsoDateSchema,
  suspendedAt: IsoDateSchema.nullable(),
  suspensionReason: z.string().nullable(),
  bids: z.number().int(),
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;
export const AdminUserListSchema = z.object({ items: z.array(AdminUserRowSchema), total: z.number().int() });
export type AdminUserList = z.infer<typeof AdminUserListSchema>;
export const AdminUserListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: PageNumberSchema,
});
export const SuspendUserBodySchema = z.object({ reason: z.string().trim().min(1, 'A reason is required').max(500) });
export const SetPremiumBodySchema = z.object({ isPremium: z.boolean() });

/** Every tab of the admin portal; Export Report exports the one on screen. */
export const ADMIN_EXPORT_TABS = ['overview', 'auctions', 'users', 'revenue', 'security', 'settings'] as const;
export type AdminExportTab = (typeof ADMIN_EXPORT_TABS)[number];
export const AdminTabSchema = z.enum(ADMIN_EXPORT_TABS);
export const AdminExportQuerySchema = z.object({
  tab: AdminTabSchema.default('auctions'),
  period: AdminPeriodSchema.default('30d'),
});
export type AdminExportQuery = z.infer<typeof AdminExportQuerySchema>;

export const FlaggedUserSchema = z.object({
  userId: z.number().int().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  reasons: z.array(z.string()),
});
export const FlaggedUserListSchema = z.array(FlaggedUserSchema);
export const AdminSecuritySchema = z.object({
  failedSignInsByAccount: z.array(z.object({ email: z.string(), failures: z.number().int() })),
  failedSignInsByAddress: z.array(z.object({ ip: z.string(), failures: z.number().int() })),
  flaggedUsers: FlaggedUserListSchema,
  /** Requests answered 429 (rate limits and the sign-in throttle), counted by UTC day over the period. */
  throttled: z.object({
    total: z.number().int(),
    byRoute: z.array(z.object({ route: z.string(), count: z.number().int() })),
    byAddress: z.array(z.object({ ip: z.string(), count: z.number().int() })),
    byAccount: z.array(z.object({ account: z.string(), count: z.number().int() })),
  }),
});
export type AdminSecurity = z.infer<typeof AdminSecuritySchema>;

export const AdminAuctionListQuerySchema = z.object({
  status: AuctionStatusSchema.optional(),
  search: z.string().trim().max(100).optional(),
  page: PageNumberSchema,
});
export const AdminAuctionRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  seller: z.string().nullable(),
  status: AuctionStatusSchema,
  currentBid: MoneySchema,
  bidCount: z.number().int(),
  endTime: IsoDateSchema,
  createdAt: IsoDateSchema,
});
export const AdminAuctionListSchema = z.object({ items: z.array(AdminAuctionRowSchema), total: z.number().int() });
export type AdminAuctionList = z.infer<typeof AdminAuctionListSchema>;
