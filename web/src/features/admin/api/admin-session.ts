import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminAuthResponseSchema, SessionStateSchema, type AdminLoginBody, type AdminUser } from '@app/shared';
import { apiRequest, readQuery } from '../../../lib/api-client';

/**
 * The browser's session (the same query the header reads): answered 200 when nobody is signed in, so opening the
 * portal signed out logs no failed request before it sends to the sign-in page.
 */
const sessionQuery = queryOptions({ queryKey: ['/api/auth/session'] as const, queryFn: readQuery(SessionStateSchema) });

/** The signed-in admin, or null when none is (the portal then sends to its sign-in page). */
export const useAdminMe = () => useQuery({ ...sessionQuery, select: (s) => (s.admin ? { admin: s.admin } : null) });

export async function adminSignIn(body: AdminLoginBody): Promise<AdminUser> {
  const { admin } = await apiRequest('POST', '/api/admin/login', AdminAuthResponseSchema, { body, signInOn401: false });
  return admin;
}
