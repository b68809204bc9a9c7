// Account recovery and security: password reset, e-mail change, the second factor. Every token is a random 32 bytes
// in base64url (43 characters); the server keeps only its SHA-256.
import { z } from 'zod';
import { AdminUserSchema, NewPasswordSchema, SessionUserSchema } from './auth.js';

const email = z
  .string()
  .max(254, 'Invalid email address')
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Invalid email address' }));
export const AccountTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid');

export const ForgotPasswordBodySchema = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;
export const ResetPasswordBodySchema = z.object({ token: AccountTokenSchema, password: NewPasswordSchema });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** A typed second-factor code: an app's 6 digits or a recovery code (dashes and spaces allowed). */
export const SecondFactorCodeSchema = z
  .string()
  .trim()
  .min(6, 'Enter the 6-digit code from your app or a recovery code')
  .max(20, 'Enter the 6-digit code from your app or a recovery code')
  .regex(/^[0-9a-zA-Z\s-]+$/, 'Enter the 6-digit code from your app or a recovery code');
export const SecondFactorBodySchema = z.object({ challenge: AccountTokenSchema, code: SecondFactorCodeSchema });
export type SecondFactorBody = z.infer<typeof SecondFactorBodySchema>;

/** Sign-in (and a password reset) either signs in, or asks for the second factor with a short-lived challenge. */
export const SignInAnswerSchema = z.union([
  z.object({ user: SessionUserSchema }),
  z.object({ secondFactor: z.object({ challenge: AccountTokenSchema }) }),
]);
export type SignInAnswer = z.infer<typeof SignInAnswerSchema>;
export const AdminSignInAnswerSchema = z.union([
  z.object({ admin: AdminUserSchema }),
  z.object({ secondFactor: z.object({ challenge: AccountTokenSchema }) }),
]);
export type AdminSignInAnswer = z.infer<typeof AdminSignInAnswerSchema>;

export const EmailChangeBodySchema = z.object({ newEmail: email, password: z.string().min(1).max(200) });
export type EmailChangeBody = z.infer<typeof EmailChangeBodySchema>;
export const AccountTokenBodySchema = z.object({ token: AccountTokenSchema });
export const MessageAnswerSchema = z.object({ message: z.string() });

export const TotpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export const TotpCodeBodySchema = z.object({ code: SecondFactorCodeSchema });
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const AccountSecuritySchema = z.object({
  email: z.string(),
  secondFactor: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  pendingEmail: z.string().nullable(),
});
export type AccountSecurity = z.infer<typeof AccountSecuritySchema>;
