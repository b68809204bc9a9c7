import { apiSend } from '../../../lib/api-client';

export const signOut = (): Promise<void> => apiSend('POST', '/api/auth/logout', { signInOn401: false });
