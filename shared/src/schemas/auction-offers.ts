// Offers after the hammer (best and second-chance) and the seller lowering a live reserve: the HTTP contracts. Amounts
// are whole dollars in, decimal strings out; who acts comes from the session, never from the body.
import { z } from 'zod';
import { OFFER_ACTIONS, OFFER_KINDS, OFFER_STATUSES } from '../domain/offers.js';
import { wholeDollarAmount } from './bids.js';
import { IdSchema, IsoDateSchema, MoneySchema } from './common.js';

export const AuctionOfferIdParamsSchema = z.object({ offerId: IdSchema });

export const MakeBestOfferBodySchema = z.object({ amount: wholeDollarAmount('An offer') });
export type MakeBestOfferBody = z.infer<typeof MakeBestOfferBodySchema>;

export const SecondChanceOfferBodySchema = z.object({ bidderId: IdSchema });

export const AnswerAuctionOfferBodySchema = z
  .object({
    action: z.enum(OFFER_ACTIONS),
    /** Only with a counter: the seller's price. */
    counterAmount: wholeDollarAmount('A counter').optional(),
  })
  .refine((b) => (b.action === 'counter') === (b.counterAmount !== undefined), {
    message: 'A counter needs a counter amount, and only a counter has one',
    path: ['counterAmount'],
  });
export type AnswerAuctionOfferBody = z.infer<typeof AnswerAuctionOfferBodySchema>;

export const AuctionOfferSchema = z.object({
  id: z.number().int(),
  auctionId: z.number().int(),
  kind: z.enum(OFFER_KINDS),
  status: z.enum(OFFER_STATUSES),
  buyerId: z.number().int(),
  buyerName: z.string(),
  amount: MoneySchema,
  counterAmount: MoneySchema.nullable(),
  expiresAt: IsoDateSchema,
  /** Who answers next, or null once the offer is settled. */
  turn: z.enum(['buyer', 'seller']).nullable(),
});
export type AuctionOffer = z.infer<typeof AuctionOfferSchema>;

/** The offers of one auction as the signed-in member may see them: the seller all, a bidder their own. */
export const AuctionOffersResponseSchema = z.object({
  offers: z.array(AuctionOfferSchema),
  /** The high bidder of a reserve-not-met auction, within the window: the least they may offer. */
  bestOfferMinimum: MoneySchema.nullable(),
  /** The seller of an unsold or unpaid car: the bidders a second-chance offer may go to, at their highest bid. */
  secondChanceBidders: z.array(z.object({ userId: z.number().int(), name: z.string(), highBid: MoneySchema })),
  serverTime: IsoDateSchema,
});
export type AuctionOffersResponse = z.infer<typeof AuctionOffersResponseSchema>;

export const AuctionOfferResultSchema = z.object({
  offer: AuctionOfferSchema.omit({ buyerName: true }),
  /** Set when the answer was an accept: the escrow of the sale (its page is /transaction/:auctionId). */
  transactionId: z.number().int().nullable(),
});
export type AuctionOfferResult = z.infer<typeof AuctionOfferResultSchema>;

export const LowerReserveBodySchema = z.object({ reservePrice: wholeDollarAmount('The reserve') });
export const LowerReserveResponseSchema = z.object({
  auctionId: z.number().int(),
  reservePrice: MoneySchema,
  reserveStatus: z.enum(['none', 'met', 'not-met']),
});
export type LowerReserveResponse = z.infer<typeof LowerReserveResponseSchema>;
