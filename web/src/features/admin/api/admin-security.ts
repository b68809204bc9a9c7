import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminSecuritySchema, type AdminPeriod } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export const adminSecurityQueryKey = ['/api/admin/security'] as const;
export const useAdminSecurity = (period: AdminPeriod) =>
  useQuery(
    queryOptions({
      queryKey: [...adminSecurityQueryKey, period],
      queryFn: () => apiRequest('GET', `/api/admin/security?period=${period}`, AdminSecuritySchema),
    }),
  );
