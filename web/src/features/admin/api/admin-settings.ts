import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminSettingsResponseSchema, type UpdateMarketplaceSettingsBody } from '@app/shared';
import { apiRequest, readQuery } from '../../../lib/api-client';

export const adminSettingsQueryKey = ['/api/admin/settings'] as const;
export const useAdminSettings = () =>
  useQuery(queryOptions({ queryKey: adminSettingsQueryKey, queryFn: readQuery(AdminSettingsResponseSchema) }));
export const updateAdminSettings = (body: UpdateMarketplaceSettingsBody) =>
  apiRequest('PATCH', '/api/admin/settings', AdminSettingsResponseSchema, { body });
