import { z } from 'zod';
import { AUCTION_SORTS, AUCTION_STATUSES, AUCTION_TYPES, CATEGORY_FILTERS, RESERVE_STATUSES } from '../constants.js';
import { ClaimedUserIdSchema, IsoDateSchema, MoneySchema } from './common.js';

export const AuctionTypeSchema = z.enum(AUCTION_TYPES);
export const AuctionStatusSchema = z.enum(AUCTION_STATUSES);
export const ReserveStatusSchema = z.enum(RESERVE_STATUSES);

export const CarSchema = z.object({
  id: z.number().int(),
  vin: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  mileage: z.number().int(),
  condition: z.string(),
  images: z.array(z.string()),
  description: z.string(),
  ownerId: z.number().int().nullable(),
  aiEstimatedValue: z.string().nullable(),
  aiConfidence: z.number().int().nullable(),
  aiDaysToSell: z.string().nullable(),
});
export type Car = z.infer<typeof CarSchema>;

/** An auction as browsers see it. The reserve amount is deliberately absent: only whether it is met. */
export const AuctionSchema = z.object({
  id: z.number().int(),
  carId: z.number().int(),
  car: CarSchema,
  auctionType: AuctionTypeSchema,
  isPremiumOnly: z.boolean(),
  startingBid: MoneySchema,
  currentBid: MoneySchema,
  buyItNowPrice: MoneySchema.nullable(),
  reserveStatus: ReserveStatusSchema,
  startTime: IsoDateSchema,
  endTime: IsoDateSchema,
  isActive: z.boolean(),
  status: AuctionStatusSchema,
  location: z.string(),
  bidCount: z.number().int(),
  seq: z.number().int(),
  createdAt: IsoDateSchema,
});
export type Auction = z.infer<typeof AuctionSchema>;

export const AuctionListSchema = z.array(AuctionSchema);

/** Detail adds the server clock so a countdown does not trust the device clock. */
export const AuctionDetailSchema = AuctionSchema.extend({
  serverTime: IsoDateSchema,
  recentBids: z.array(
    z.object({ id: z.number().int(), amount: MoneySchema, bidderName: z.string(), timestamp: IsoDateSchema, proxy: z.boolean().optional() }),
  ),
});
export type AuctionDetail = z.infer<typeof AuctionDetailSchema>;

export const AuctionListQuerySchema = z.object({
  sort: z.enum(AUCTION_SORTS).default('ending-soon'),
  category: z.enum(CATEGORY_FILTERS).default('all'),
});
export type AuctionListQuery = z.infer<typeof AuctionListQuerySchema>;

export const BuyNowBodySchema = z.object({ userId: ClaimedUserIdSchema }).default({});
export const BuyNowResponseSchema = z.object({
  auctionId: z.number().int(),
  transactionId: z.number().int(),
  amount: MoneySchema,
});
export type BuyNowResponse = z.infer<typeof BuyNowResponseSchema>;

/** Header carrying the server clock on list answers (epoch ms). */
export const SERVER_TIME_HEADER = 'x-server-time';

export const SubmitAuctionResponseSchema = z.object({ auctionId: z.number().int() });
