import {
  AccountSecuritySchema,
  AuthResponseSchema,
  MessageAnswerSchema,
  RecoveryCodesSchema,
  SignInAnswerSchema,
  TotpSetupSchema,
  type EmailChangeBody,
  type SessionUser,
  type SignInAnswer,
} from '@app/shared';
import { apiRequest, apiSend } from '../../../lib/api-client';

/** The same answer for every address; the mail (if any) carries the link. */
export async function forgotPassword(email: string): Promise<string> {
  const body = { email };
  return (await apiRequest('POST', '/api/auth/forgot-password', MessageAnswerSchema, { body, signInOn401: false }))
    .message;
}

export const resetPassword = (token: string, password: string): Promise<SignInAnswer> =>
  apiRequest('POST', '/api/auth/reset-password', SignInAnswerSchema, {
    body: { token, password },
    signInOn401: false,
  });

export const completeSecondFactor = (challenge: string, code: string): Promise<SignInAnswer> =>
  apiRequest('POST', '/api/auth/login/second-factor', SignInAnswerSchema, {
    body: { challenge, code },
    signInOn401: false,
  });

export const accountSecurityKey = ['/api/account/security'] as const;
export const accountSecurity = () => apiRequest('GET', '/api/account/security', AccountSecuritySchema);

export async function requestEmailChange(body: EmailChangeBody): Promise<string> {
  return (await apiRequest('POST', '/api/account/email', MessageAnswerSchema, { body })).message;
}

export async function confirmEmailChange(token: string): Promise<SessionUser> {
  const body = { token };
  return (await apiRequest('POST', '/api/account/email/confirm', AuthResponseSchema, { body, signInOn401: false }))
    .user;
}

export const beginTotpSetup = () => apiRequest('POST', '/api/account/totp/setup', TotpSetupSchema);
export const enableTotp = async (code: string) =>
  (await apiRequest('POST', '/api/account/totp/enable', RecoveryCodesSchema, { body: { code } })).recoveryCodes;
export const disableTotp = (code: string) => apiSend('POST', '/api/account/totp/disable', { body: { code } });
