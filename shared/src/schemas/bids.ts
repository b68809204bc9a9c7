import { z } from 'zod';
import { amountVerdict, isWholeDollarTerm } from '../domain/bidding.js';
import { RESERVE_STATUSES } from '../constants.js';
import { ClaimedUserIdSchema, IdSchema, IsoDateSchema, MoneyInputSchema, MoneySchema } from './common.js';

/** A bid amount in whole dollars (a decimal string or a JSON number), as integer cents; cents are refused, not rounded. */
export const BidAmountSchema = MoneyInputSchema.superRefine((cents, ctx) => {
  const verdict = amountVerdict(cents);
  if (!verdict.ok) ctx.addIssue({ code: 'custom', message: verdict.refusal.message });
});

/** Auction terms are whole dollars too: the starting bid is the first minimum bid. */
export const wholeDollarAmount = (label: string) =>
  MoneyInputSchema.refine(isWholeDollarTerm, `${label} must be a whole-dollar amount of at least $1`);

export const PlaceBidBodySchema = z.object({
  auctionId: IdSchema,
  amount: BidAmountSchema,
  /** A private maximum to bid up to automatically (at least the amount). */
  maxAmount: BidAmountSchema.optional(),
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
  /** Whether the bidder leads once any automatic answer to this bid is placed. */
  leading: z.boolean().optional(),
  /** The bidder's own maximum, when the request set one (only ever in its owner's answer). */
  maxAmount: MoneySchema.optional(),
  /**
   * As the bid's `bid.placed` event says them: the page puts its own answer into its live state (the event of the
   * same sequence number then adds nothing) instead of fetching the auction again.
   */
  reserveStatus: z.enum(RESERVE_STATUSES).optional(),
  bidderName: z.string().optional(),
  proxy: z.boolean().optional(),
});
export type PlaceBidResponse = z.infer<typeof PlaceBidResponseSchema>;

export const UserBidsResponseSchema = z.array(BidSchema);

/** PUT /api/auctions/:id/max-bid: set or change one's private maximum. */
export const SetMaxBidBodySchema = z.object({ maxAmount: BidAmountSchema, userId: ClaimedUserIdSchema });
export type SetMaxBidBody = z.infer<typeof SetMaxBidBodySchema>;

/** The requester's own maximum on an auction and where it leaves them; never shown to anyone else. */
export const MaxBidResponseSchema = z.object({
  auctionId: z.number().int(),
  maxAmount: MoneySchema.nullable(),
  leading: z.boolean(),
  currentBid: MoneySchema,
  bidCount: z.number().int(),
  /** The bid the maximum placed for its owner just now, if any. */
  bid: PlaceBidResponseSchema.nullable(),
});
export type MaxBidResponse = z.infer<typeof MaxBidResponseSchema>;

/** GET /api/max-bids: the caller's own maximums on live auctions (the dashboard). */
export const MyMaxBidsSchema = z.array(
  z.object({
    auctionId: z.number().int(),
    title: z.string(),
    maxAmount: MoneySchema,
    currentBid: MoneySchema,
    leading: z.boolean(),
    endTime: IsoDateSchema,
  }),
);
export type MyMaxBids = z.infer<typeof MyMaxBidsSchema>;
