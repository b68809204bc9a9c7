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
