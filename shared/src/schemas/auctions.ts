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
  SEARCH_MAKE_MAX_LENGTH,
  SEARCH_PRICE_MAX_DOLLARS,
  SEARCH_YEAR_RANGE,
} from '../constants.js';
import { ClaimedUserIdSchema, IsoDateSchema, MoneySchema, wholeNumber } from './common.js';

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

/**
 * The /auctions filters, shared by the list query and saved searches (matched by domain/search-match.ts). Bounded:
 * a search of at most a few words, a make of a few dozen characters, whole-dollar prices numeric(10,2) holds, years
 * of cars. An empty value (an emptied form field) is no bound.
 */
const emptyIsAbsent = (v: unknown) => (v === '' || v === null ? undefined : v);
const bound = (min: number, max: number, what: string) =>
  z.preprocess(
    emptyIsAbsent,
    wholeNumber(`${what} must be a whole number`)
      .pipe(z.number().min(min, `${what} is at least ${min}`).max(max, `${what} is at most ${max}`))
      .optional(),
  );
export const SEARCH_FILTER_FIELDS = {
  category: z.enum(CATEGORY_FILTERS).default('all'),
  /** Words that must all appear in the car's make or model ("porsche 911"). */
  q: z.string().trim().max(AUCTION_SEARCH_MAX_LENGTH).default(''),
  /** The make, in any case ("porsche"); empty: any. */
  make: z.string().trim().max(SEARCH_MAKE_MAX_LENGTH).default(''),
  /** The shown price (the starting bid until someone bids), in whole dollars, inclusive. */
  minPrice: bound(0, SEARCH_PRICE_MAX_DOLLARS, 'minPrice'),
  maxPrice: bound(0, SEARCH_PRICE_MAX_DOLLARS, 'maxPrice'),
  /** The model year, inclusive. */
  minYear: bound(SEARCH_YEAR_RANGE.min, SEARCH_YEAR_RANGE.max, 'minYear'),
  maxYear: bound(SEARCH_YEAR_RANGE.min, SEARCH_YEAR_RANGE.max, 'maxYear'),
};

/** A range whose low end is above its high end finds nothing: refused, naming the field. */
function rangesInOrder(
  f: {
    minPrice?: number | undefined;
    maxPrice?: number | undefined;
    minYear?: number | undefined;
    maxYear?: number | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (f.minPrice !== undefined && f.maxPrice !== undefined && f.minPrice > f.maxPrice)
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'maxPrice must not be below minPrice' });
  if (f.minYear !== undefined && f.maxYear !== undefined && f.minYear > f.maxYear)
    ctx.addIssue({ code: 'custom', path: ['maxYear'], message: 'maxYear must not be before minYear' });
}

export const SearchFiltersSchema = z.object(SEARCH_FILTER_FIELDS).superRefine(rangesInOrder);
export type SearchFiltersInput = z.infer<typeof SearchFiltersSchema>;

export const AuctionListQuerySchema = z
  .object({
    sort: z.enum(AUCTION_SORTS).default('ending-soon'),
    ...SEARCH_FILTER_FIELDS,
    view: z.enum(AUCTION_VIEWS).default('live'),
    /**
     * The Ended view's next page: the cursor the previous page's `x-next-cursor` header gave (keyset, never an offset):
     * `t.<closed at, epoch microseconds>.<id>` in the recency order, `p.<price in cents>.<id>` in a price order.
     */
    after: z
      .string()
      .regex(/^[tp]\.\d{1,17}\.\d{1,10}$/, 'Not a cursor this list gave')
      .optional(),
  })
  .superRefine(rangesInOrder);
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
