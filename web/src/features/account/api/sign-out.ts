import { apiSend } from '../../../lib/api-client';

export const signOut = (): Promise<void> => apiSend('POST', '/api/auth/logout', { signInOn401: false });

/** Ends the admin session (its own cookie); a member session in the same browser stays. */
export const signOutAdmin = (): Promise<void> => apiSend('POST', '/api/admin/logout', { signInOn401: false });
