import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminOverviewSchema } from '@app/shared';
import { readQuery } from '../../../lib/api-client';

export const overviewQueryKey = ['/api/admin/overview'] as const;

export const useOverview = (enabled: boolean) => useQuery({ ...queryOptions({ queryKey: overviewQueryKey, queryFn: readQuery(AdminOverviewSchema) }), enabled });
