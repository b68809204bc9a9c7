import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuctionPredictionListSchema, DashboardSchema, MarketInsightListSchema } from '@app/shared';
import { readQuery } from '../../../lib/api-client';

export const dashboardQueryKey = ['/api/dashboard'] as const;
export const dashboardQuery = queryOptions({ queryKey: dashboardQueryKey, queryFn: readQuery(DashboardSchema) });
export const useDashboard = (enabled: boolean) => useQuery({ ...dashboardQuery, enabled });

export const predictionsQueryKey = ['/api/dashboard/predictions'] as const;
export const usePredictions = (enabled: boolean) =>
  useQuery({
    ...queryOptions({ queryKey: predictionsQueryKey, queryFn: readQuery(AuctionPredictionListSchema) }),
    enabled,
  });

export const useMarketInsights = () =>
  useQuery(queryOptions({ queryKey: ['/api/market-insights'], queryFn: readQuery(MarketInsightListSchema) }));
