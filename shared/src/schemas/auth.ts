import { z } from 'zod';
import { ADMIN_PASSWORD_MIN, REGISTER_PASSWORD_MIN, SIGN_IN_PASSWORD_MIN } from '../constants.js';
import { PASSWORD_TEXTS, chosenPasswordProblem, passwordTooShort } from '../domain/passwords.js';

/** RFC 5321 caps an address at 254 characters; anything longer is refused before it reaches a throttle key or a query. */
const email = (message: string) =>
  z
    .string()
    .max(254, message)
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }));

export const LoginBodySchema = z.object({
  email: email('Invalid email address'),
  password: z
    .string()
    .min(SIGN_IN_PASSWORD_MIN, `Password must be at least ${SIGN_IN_PASSWORD_MIN} characters`)
    .max(200),
  rememberMe: z.boolean().default(false),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** The length rules for every password someone chooses (a sign-up, the first admin); the common ones are refused too. */
export const NewPasswordSchema = z
  .string()
  .min(REGISTER_PASSWORD_MIN, `Password must be at least ${REGISTER_PASSWORD_MIN} characters`)
  .max(200, 'Password must be at most 200 characters')
  .refine((p) => !passwordTooShort(p), PASSWORD_TEXTS.tooShort);

export const PersonNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

export const RegisterBodySchema = z
  .object({
    name: PersonNameSchema,
    email: email('Invalid email address'),
    password: NewPasswordSchema,
  })
  .superRefine((b, ctx) => {
    const problem = chosenPasswordProblem(b.password, b.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type RegisterBody = z.infer<typeof RegisterBodySchema>;
/** The answer to every registration, whether the address is new or already has an account. */
export const SignUpAnswerSchema = z.object({ message: z.string() });
export type SignUpAnswer = z.infer<typeof SignUpAnswerSchema>;
/** The token of a mailed confirmation link: `{attempt id}.{HMAC}`. */
export const ConfirmSignUpBodySchema = z.object({
  token: z.string().min(1).max(100),
  /** The password chosen at sign-up: the link alone proves only the mailbox, not who chose the password. */
  password: z.string().min(1, 'Enter the password you chose when signing up').max(200),
});
export type ConfirmSignUpBody = z.infer<typeof ConfirmSignUpBodySchema>;

export const AdminLoginBodySchema = z.object({
  email: email('Please enter a valid email address'),
  password: z.string().min(ADMIN_PASSWORD_MIN, `Password must be at least ${ADMIN_PASSWORD_MIN} characters`).max(200),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBodySchema>;

export const SessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  isPremium: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const AuthResponseSchema = z.object({ user: SessionUserSchema });

export const AdminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  /** Whether the admin has two-factor authentication on; without it the portal only leads to setting it up. */
  secondFactor: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminAuthResponseSchema = z.object({ admin: AdminUserSchema });
/** Who this browser is signed in as, member and admin; answered 200 when signed out, so no page logs a 401. */
export const SessionStateSchema = z.object({ user: SessionUserSchema.nullable(), admin: AdminUserSchema.nullable() });
export type SessionState = z.infer<typeof SessionStateSchema>;
