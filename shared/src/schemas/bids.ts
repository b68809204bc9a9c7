import { z } from 'zod';
import { ClaimedUserIdSchema, IdSchema, IsoDateSchema, MoneyInputSchema, MoneySchema } from './common.js';

export const PlaceBidBodySchema = z.object({
  auctionId: IdSchema,
  amount: MoneyInputSchema,
  userId: ClaimedUserIdSchema,
});
export type PlaceBidBody = z.infer<typeof PlaceBidBodySchema>;

export const BidSchema = z.object({
  id: z.number().int(),
  auctionId: z.number().int(),
  userId: z.number().int(),
  amount: MoneySchema,
  timestamp: IsoDateSchema,
});
export type Bid = z.infer<typeof BidSchema>;

export const PlaceBidResponseSchema = BidSchema.extend({
  currentBid: MoneySchema,
  bidCount: z.number().int(),
  endTime: IsoDateSchema,
  extended: z.boolean(),
  seq: z.number().int(),
});
export type PlaceBidResponse = z.infer<typeof PlaceBidResponseSchema>;

export const UserBidsResponseSchema = z.array(BidSchema);
