// The admin portal's own answers (its requests reuse the auction and escrow contracts).
import { z } from 'zod';
import { AuctionStatusSchema } from './auctions.js';
import { IsoDateSchema } from './common.js';

export const AdminOverviewSchema = z.object({
  liveAuctions: z.number().int(),
  users: z.number().int(),
  bidsToday: z.number().int(),
  pending: z.number().int(),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

export const AuctionDecisionResponseSchema = z.object({ status: AuctionStatusSchema, endTime: IsoDateSchema });

export const AdminUserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  isPremium: z.boolean(),
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
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const SuspendUserBodySchema = z.object({ reason: z.string().trim().min(1, 'A reason is required').max(500) });
export const SetPremiumBodySchema = z.object({ isPremium: z.boolean() });
