import { z } from 'zod';
import { amountVerdict } from '../domain/bidding.js';
import { ClaimedUserIdSchema, IdSchema, IsoDateSchema, MoneyInputSchema, MoneySchema } from './common.js';

/** A bid amount in whole dollars (a decimal string or a JSON number), as integer cents; cents are refused, not rounded. */
export const BidAmountSchema = MoneyInputSchema.superRefine((cents, ctx) => {
  const verdict = amountVerdict(cents);
  if (!verdict.ok) ctx.addIssue({ code: 'custom', message: verdict.refusal.message });
});

/** Auction terms are whole dollars too: the starting bid is the first minimum bid. */
export const wholeDollarAmount = (label: string) =>
  MoneyInputSchema.refine((cents) => cents >= 100 && cents % 100 === 0, `${label} must be a whole-dollar amount of at least $1`);

export const PlaceBidBodySchema = z.object({
  auctionId: IdSchema,
  amount: BidAmountSchema,
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
