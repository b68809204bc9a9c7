import { PlaceBidResponseSchema, type PlaceBidBodySchema, type PlaceBidResponse } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

/** `amount` travels as the decimal string the bidder typed (whole dollars; the server decides in cents). */
export const placeBid = (auctionId: number, amount: string): Promise<PlaceBidResponse> =>
  apiRequest('POST', '/api/bids', PlaceBidResponseSchema, {
    body: { auctionId, amount } satisfies BodyOf<typeof PlaceBidBodySchema>,
  });
