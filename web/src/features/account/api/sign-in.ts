import { SignInAnswerSchema, type LoginBody, type SignInAnswer } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** Signs in, or answers with a challenge when the account asks for its second factor. */
export const signIn = (body: LoginBody): Promise<SignInAnswer> =>
  apiRequest('POST', '/api/auth/login', SignInAnswerSchema, { body, signInOn401: false });
