import { z } from 'zod';
import {
  AUCTION_SEARCH_MAX_LENGTH,
  AUCTION_SORTS,
  AUCTION_STATUSES,
  AUCTION_TYPES,
  AUCTION_VIEWS,
  CAR_CATEGORIES,
  CATEGORY_FILTERS,
  RESERVE_STATUSES,
} from '../constants.js';
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
  category: z.enum(CAR_CATEGORIES),
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
  /** What it sold for (a winning bid or the Buy It Now price); null unless it sold. */
  winningAmount: MoneySchema.nullable(),
  reserveStatus: ReserveStatusSchema,
  startTime: IsoDateSchema,
  endTime: IsoDateSchema,
  isActive: z.boolean(),
  status: AuctionStatusSchema,
  location: z.string(),
  bidCount: z.number().int(),
  /** Demo data: its figures are made up and the pages label them as samples. */
  isSample: z.boolean(),
  seq: z.number().int(),
  createdAt: IsoDateSchema,
});
export type Auction = z.infer<typeof AuctionSchema>;

export const AuctionListSchema = z.array(AuctionSchema);

/** Detail adds the server clock so a countdown does not trust the device clock. */
export const AuctionDetailSchema = AuctionSchema.extend({
  serverTime: IsoDateSchema,
  recentBids: z.array(
    z.object({
      id: z.number().int(),
      amount: MoneySchema,
      bidderName: z.string(),
      timestamp: IsoDateSchema,
      proxy: z.boolean().optional(),
    }),
  ),
});
export type AuctionDetail = z.infer<typeof AuctionDetailSchema>;

export const AuctionListQuerySchema = z.object({
  sort: z.enum(AUCTION_SORTS).default('ending-soon'),
  category: z.enum(CATEGORY_FILTERS).default('all'),
  /** Words that must all appear in the car's make or model ("porsche 911"). */
  q: z.string().trim().max(AUCTION_SEARCH_MAX_LENGTH).default(''),
  view: z.enum(AUCTION_VIEWS).default('live'),
  /**
   * The Ended view's next page: the cursor the previous page's `x-next-cursor` header gave (keyset, never an offset):
   * `t.<closed at, epoch microseconds>.<id>` in the recency order, `p.<price in cents>.<id>` in a price order.
   */
  after: z
    .string()
    .regex(/^[tp]\.\d{1,17}\.\d{1,10}$/, 'Not a cursor this list gave')
    .optional(),
});
export type AuctionListQuery = z.infer<typeof AuctionListQuerySchema>;

export const BuyNowBodySchema = z.object({ userId: ClaimedUserIdSchema }).default({});
export const BuyNowResponseSchema = z.object({
  auctionId: z.number().int(),
  transactionId: z.number().int(),
  amount: MoneySchema,
});
export type BuyNowResponse = z.infer<typeof BuyNowResponseSchema>;

/** Header carrying the cursor of the Ended view's next page, when there is one. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** Header carrying the server clock on list answers (epoch ms). */
export const SERVER_TIME_HEADER = 'x-server-time';

export const SubmitAuctionResponseSchema = z.object({ auctionId: z.number().int() });
