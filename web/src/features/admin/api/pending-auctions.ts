// Cars sellers submitted, waiting for an admin's decision.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuctionDecisionResponseSchema, AuctionListSchema } from '@app/shared';
import { apiRequest, readQuery } from '../../../lib/api-client';

export const pendingAuctionsQueryKey = ['/api/admin/pending-auctions'] as const;

export const usePendingAuctions = () =>
  useQuery(queryOptions({ queryKey: pendingAuctionsQueryKey, queryFn: readQuery(AuctionListSchema) }));

export type Decision = 'approve' | 'reject';

export const decideAuction = (auctionId: number, decision: Decision) =>
  apiRequest('POST', `/api/admin/auctions/${auctionId}/${decision}`, AuctionDecisionResponseSchema);
