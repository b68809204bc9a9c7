import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardSchema } from '@app/shared';
import { readQuery } from '../../../lib/api-client';

export const dashboardQueryKey = ['/api/dashboard'] as const;
export const dashboardQuery = queryOptions({ queryKey: dashboardQueryKey, queryFn: readQuery(DashboardSchema) });
export const useDashboard = (enabled: boolean) => useQuery({ ...dashboardQuery, enabled });
