import {
  MaxBidResponseSchema,
  MyMaxBidsSchema,
  type MaxBidResponse,
  type MyMaxBids,
  type SetMaxBidBodySchema,
} from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

/** The cache key of "Your max" on an auction; the query adds the auction's bid count, so each bid reads it again. */
export const maxBidKey = (auctionId: number) => ['max-bid', auctionId] as const;

/** The signed-in bidder's own maximum on an auction (private: the server answers only its owner). */
export const fetchMaxBid = (auctionId: number): Promise<MaxBidResponse> =>
  apiRequest('GET', `/api/auctions/${auctionId}/max-bid`, MaxBidResponseSchema);

/** `maxAmount` travels as the decimal string the bidder typed. */
export const setMaxBid = (auctionId: number, maxAmount: string): Promise<MaxBidResponse> =>
  apiRequest('PUT', `/api/auctions/${auctionId}/max-bid`, MaxBidResponseSchema, {
    body: { maxAmount } satisfies BodyOf<typeof SetMaxBidBodySchema>,
  });

export const fetchMyMaxBids = (): Promise<MyMaxBids> => apiRequest('GET', '/api/max-bids', MyMaxBidsSchema);
