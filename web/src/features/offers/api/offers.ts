// Every request of the offers feature: the auction's offers as the member sees them, sending one, answering one,
// the seller's second-chance offers and lowering a live reserve. Each answer parsed by its shared schema.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AuctionOfferResultSchema,
  AuctionOffersResponseSchema,
  LowerReserveResponseSchema,
  type AnswerAuctionOfferBody,
} from '@app/shared';
import { apiRequest, readQuery } from '../../../lib/api-client';

export const offersQueryKey = (auctionId: number) => [`/api/auctions/${auctionId}/offers`] as const;
export const offersQuery = (auctionId: number) =>
  queryOptions({ queryKey: offersQueryKey(auctionId), queryFn: readQuery(AuctionOffersResponseSchema) });
export const useOffers = (auctionId: number, enabled: boolean) => useQuery({ ...offersQuery(auctionId), enabled });

export const sendBestOffer = (auctionId: number, amount: string) =>
  apiRequest('POST', `/api/auctions/${auctionId}/offers`, AuctionOfferResultSchema, { body: { amount } });

export const sendSecondChance = (auctionId: number, bidderId: number) =>
  apiRequest('POST', `/api/auctions/${auctionId}/second-chance-offers`, AuctionOfferResultSchema, {
    body: { bidderId },
  });

export const answerOffer = (
  offerId: number,
  body: { action: AnswerAuctionOfferBody['action']; counterAmount?: string },
) => apiRequest('POST', `/api/offers/${offerId}/answer`, AuctionOfferResultSchema, { body });

export const lowerReserve = (auctionId: number, reservePrice: string) =>
  apiRequest('POST', `/api/auctions/${auctionId}/reserve`, LowerReserveResponseSchema, { body: { reservePrice } });
