import { BuyNowResponseSchema, type BuyNowResponse } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export const buyNow = (auctionId: number): Promise<BuyNowResponse> =>
  apiRequest('POST', `/api/auctions/${auctionId}/buy-now`, BuyNowResponseSchema, { body: {} });
