import { SubmitAuctionResponseSchema, type SubmitAuctionBodySchema } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

/** The terms a seller proposes (money as decimal strings); an admin approves before the auction goes live. */
export type AuctionTerms = BodyOf<typeof SubmitAuctionBodySchema>;

export const submitAuction = (terms: AuctionTerms) =>
  apiRequest('POST', '/api/auction-requests', SubmitAuctionResponseSchema, { body: terms });
