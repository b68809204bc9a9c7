// The signed-in user's dashboard: every figure is read from the database for the session's user.
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './common.js';
import { CAR_CATEGORIES } from '../constants.js';
import type { MarketInsight } from '../domain/market-trend.js';

export const BidStandingSchema = z.enum(['Leading', 'Outbid']);

export const UserBidSchema = z.object({
  auctionId: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  myHighestBid: MoneySchema,
  currentBid: MoneySchema,
  bidCount: z.number().int(),
  endTime: IsoDateSchema,
  standing: BidStandingSchema,
});
export type UserBid = z.infer<typeof UserBidSchema>;
/** GET /api/users/{id}/bids: the user's open auctions, newest bid first. */
export const UserBidListSchema = z.array(UserBidSchema);

export const ListedCarStateSchema = z.enum(['pending', 'live', 'sold', 'unsold', 'rejected', 'not-listed']);
export const ListedCarSchema = z.object({
  carId: z.number().int(),
  title: z.string(),
  auctionId: z.number().int().nullable(),
  state: ListedCarStateSchema,
  currentBid: MoneySchema.nullable(),
  watchers: z.number().int(),
  salePrice: MoneySchema.nullable(),
  transactionId: z.number().int().nullable(),
  endTime: IsoDateSchema.nullable(),
});
export type ListedCar = z.infer<typeof ListedCarSchema>;

export const DashboardTilesSchema = z.object({
  carsListed: z.number().int().nonnegative(),
  activeBids: z.number().int().nonnegative(),
  wonAuctions: z.number().int().nonnegative(),
  /**
   * What the user's paid purchases cost them, fees included: the buyer totals stored with each escrow whose payment the
   * provider confirmed (PAID_MILESTONE), less refunds paid back. A won auction not yet paid for is not counted.
   */
  totalSpent: MoneySchema,
});
export type DashboardTiles = z.infer<typeof DashboardTilesSchema>;

export const ActivityItemSchema = z.object({
  kind: z.enum(['bid', 'notice']),
  text: z.string(),
  link: z.string(),
  at: IsoDateSchema,
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

export const DashboardSchema = z.object({
  tiles: DashboardTilesSchema,
  /** The user's latest bids and notices, newest first. */
  recentActivity: z.array(ActivityItemSchema),
  activeBids: UserBidListSchema,
  listedCars: z.array(ListedCarSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** `me` or the session user's own id; any other id is refused. */
export const UserRefParamsSchema = z.object({
  id: z.union([
    z.literal('me'),
    z
      .string()
      .regex(/^\d{1,10}$/, 'must be a user id or "me"')
      .transform(Number),
  ]),
});

export const RecommendationSchema = z.enum(['Strong Buy', 'Buy', 'Hold']);
export const AuctionPredictionSchema = z.object({
  auctionId: z.number().int(),
  title: z.string(),
  currentBid: MoneySchema,
  endTime: IsoDateSchema,
  watched: z.boolean(),
  predictedValue: MoneySchema,
  low: MoneySchema,
  high: MoneySchema,
  confidence: z.number().int(),
  recommendation: RecommendationSchema,
  reason: z.string(),
});
export type AuctionPrediction = z.infer<typeof AuctionPredictionSchema>;
/** GET /api/dashboard/predictions: the open auctions the user watches or bids on, valued by the model. */
export const AuctionPredictionListSchema = z.array(AuctionPredictionSchema);

export const MarketInsightSchema = z.object({
  category: z.enum(CAR_CATEGORIES),
  label: z.string(),
  trend: z.enum(['up', 'down', 'flat']).nullable(),
  percent: z.number().nullable(),
  /** The latest window's average sale price (the earlier one's when the latest has none); null without any sale. */
  averagePrice: MoneySchema.nullable(),
  /** Whose sales the figure rests on: this marketplace's, its labelled sample sales, the market reference data's, or too few. */
  source: z.enum(['marketplace', 'sample sales', 'market data', 'none']),
  /** What the figure rests on, in words ("4 sales here in the last 30 days against 3 the 30 days before"). */
  basis: z.string(),
}) satisfies z.ZodType<MarketInsight>;
export const MarketInsightListSchema = z.array(MarketInsightSchema);
