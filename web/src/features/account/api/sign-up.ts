import {
  AuthResponseSchema,
  SignUpAnswerSchema,
  type ConfirmSignUpBody,
  type RegisterBody,
  type SessionUser,
} from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** The same answer whether or not the address has an account: the mail says which. */
export async function signUp(body: RegisterBody): Promise<string> {
  const { message } = await apiRequest('POST', '/api/auth/register', SignUpAnswerSchema, { body, signInOn401: false });
  return message;
}

/** The mailed link's token creates the account and signs this browser in. */
export async function confirmSignUp(token: string): Promise<SessionUser> {
  const body: ConfirmSignUpBody = { token };
  const { user } = await apiRequest('POST', '/api/auth/confirm-email', AuthResponseSchema, {
    body,
    signInOn401: false,
  });
  return user;
}
