import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminAuthResponseSchema, type AdminLoginBody, type AdminUser } from '@app/shared';
import { apiRequest, readQuery } from '../../../lib/api-client';

export const adminMeQueryKey = ['/api/admin/me'] as const;

/** The signed-in admin, or null when none is (the portal then sends to its sign-in page). */
export const useAdminMe = () => useQuery(queryOptions({ queryKey: adminMeQueryKey, queryFn: readQuery(AdminAuthResponseSchema, { on401: 'returnNull' }) }));

export async function adminSignIn(body: AdminLoginBody): Promise<AdminUser> {
  const { admin } = await apiRequest('POST', '/api/admin/login', AdminAuthResponseSchema, { body, signInOn401: false });
  return admin;
}
