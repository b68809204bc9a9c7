import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AdminAuthResponseSchema,
  AdminSignInAnswerSchema,
  RecoveryCodesSchema,
  SessionStateSchema,
  TotpSetupSchema,
  type AdminLoginBody,
  type AdminSignInAnswer,
  type AdminUser,
} from '@app/shared';
import { apiRequest, readQuery } from '../../../lib/api-client';

/**
 * The browser's session (the same query the header reads): answered 200 when nobody is signed in, so opening the
 * portal signed out logs no failed request before it sends to the sign-in page.
 */
export const adminSessionQueryKey = ['/api/auth/session'] as const;
const sessionQuery = queryOptions({ queryKey: ['/api/auth/session'] as const, queryFn: readQuery(SessionStateSchema) });

/** The signed-in admin, or null when none is (the portal then sends to its sign-in page). */
export const useAdminMe = () => useQuery({ ...sessionQuery, select: (s) => (s.admin ? { admin: s.admin } : null) });

/** Signs in, or answers with a challenge for the admin's second factor. */
export const adminSignIn = (body: AdminLoginBody): Promise<AdminSignInAnswer> =>
  apiRequest('POST', '/api/admin/login', AdminSignInAnswerSchema, { body, signInOn401: false });

export async function adminSecondFactor(challenge: string, code: string): Promise<AdminUser> {
  const body = { challenge, code };
  return (
    await apiRequest('POST', '/api/admin/login/second-factor', AdminAuthResponseSchema, { body, signInOn401: false })
  ).admin;
}

export const adminTotpSetup = () => apiRequest('POST', '/api/admin/totp/setup', TotpSetupSchema);
export const adminTotpEnable = async (code: string) =>
  (await apiRequest('POST', '/api/admin/totp/enable', RecoveryCodesSchema, { body: { code } })).recoveryCodes;
