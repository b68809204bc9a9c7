import { AuthResponseSchema, type LoginBody, type SessionUser } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export async function signIn(body: LoginBody): Promise<SessionUser> {
  const { user } = await apiRequest('POST', '/api/auth/login', AuthResponseSchema, { body, signInOn401: false });
  return user;
}
