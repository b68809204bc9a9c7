// The rule for a password a member chooses (at sign-up; later at a password change): long enough once spaces are not
// counted, and not the e-mail address it protects nor the part before its @. The list of common and breached
// passwords is checked on the server (infra/src/common-passwords.ts), which holds it.
import { REGISTER_PASSWORD_MIN } from '../constants.js';

export const PASSWORD_TEXTS = {
  tooShort: `Password must be at least ${REGISTER_PASSWORD_MIN} characters besides spaces`,
  isEmail: 'Password must not be your email address or the part of it before the @',
} as const;

/** Fewer than the minimum characters once every space is left out ("a      b" is two characters). */
export function passwordTooShort(password: string): boolean {
  return password.replace(/\s/g, '').length < REGISTER_PASSWORD_MIN;
}

/** Why this password may not be chosen for this address, or null. */
export function chosenPasswordProblem(password: string, email: string): string | null {
  if (passwordTooShort(password)) return PASSWORD_TEXTS.tooShort;
  const plain = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.slice(0, address.lastIndexOf('@'));
  if (plain === address || (local !== '' && plain === local)) return PASSWORD_TEXTS.isEmail;
  return null;
}
