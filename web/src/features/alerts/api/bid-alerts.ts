import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  BidAlertListSchema,
  BidAlertSchema,
  type BidAlert,
  type CreateBidAlertBodySchema,
  type UpdateBidAlertBodySchema,
} from '@app/shared';
import { apiRequest, apiSend, readQuery } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

export const bidAlertsQueryKey = ['/api/bid-alerts'] as const;

export const bidAlertsQuery = queryOptions({ queryKey: bidAlertsQueryKey, queryFn: readQuery(BidAlertListSchema) });

export const useBidAlerts = () => useQuery(bidAlertsQuery);

export type NewBidAlert = BodyOf<typeof CreateBidAlertBodySchema>;

export const createBidAlert = (alert: NewBidAlert): Promise<BidAlert> =>
  apiRequest('POST', '/api/bid-alerts', BidAlertSchema, { body: alert });

export const setBidAlertActive = (id: number, isActive: boolean): Promise<BidAlert> =>
  apiRequest('PATCH', `/api/bid-alerts/${id}`, BidAlertSchema, {
    body: { isActive } satisfies BodyOf<typeof UpdateBidAlertBodySchema>,
  });

export const deleteBidAlert = (id: number): Promise<void> => apiSend('DELETE', `/api/bid-alerts/${id}`);
