import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminUserListSchema } from '@app/shared';
import { apiSend, readQuery } from '../../../lib/api-client';

export const ADMIN_USERS_PATH = '/api/admin/users';
const usersUrl = (search: string, page: number) =>
  `${ADMIN_USERS_PATH}?${new URLSearchParams({ ...(search ? { search } : {}), page: String(page) }).toString()}`;
export const useAdminUsers = (search: string, page: number) =>
  useQuery(queryOptions({ queryKey: [usersUrl(search, page)], queryFn: readQuery(AdminUserListSchema) }));

export const suspendUser = (id: number, reason: string) =>
  apiSend('POST', `/api/admin/users/${id}/suspend`, { body: { reason } });
export const reactivateUser = (id: number) => apiSend('POST', `/api/admin/users/${id}/reactivate`);
export const setUserPremium = (id: number, isPremium: boolean) =>
  apiSend('POST', `/api/admin/users/${id}/premium`, { body: { isPremium } });

/** A dealer account bids without a card and without holds. */
export const setBidExemption = (id: number, exempt: boolean) =>
  apiSend('PUT', `/api/admin/users/${id}/bid-exemption`, { body: { exempt } });
