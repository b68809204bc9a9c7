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

/** The mailed link's token and the password chosen at sign-up create the account and sign this browser in. */
export async function confirmSignUp(token: string, password: string): Promise<SessionUser> {
  const body: ConfirmSignUpBody = { token, password };
  const { user } = await apiRequest('POST', '/api/auth/confirm-email', AuthResponseSchema, {
    body,
    signInOn401: false,
  });
  return user;
}
