import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminOverviewSchema, type AdminPeriod } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** The prefix every period's figures share, so one invalidation refreshes them all. */
export const overviewQueryKey = ['/api/admin/overview'] as const;

export const useOverview = (enabled: boolean, period: AdminPeriod) =>
  useQuery({
    ...queryOptions({
      queryKey: [...overviewQueryKey, period],
      queryFn: () => apiRequest('GET', `/api/admin/overview?period=${period}`, AdminOverviewSchema),
    }),
    enabled,
  });
