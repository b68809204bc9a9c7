import { AuthResponseSchema, type RegisterBody, type SessionUser } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export async function signUp(body: RegisterBody): Promise<SessionUser> {
  const { user } = await apiRequest('POST', '/api/auth/register', AuthResponseSchema, { body, signInOn401: false });
  return user;
}
