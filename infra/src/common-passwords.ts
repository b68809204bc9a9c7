// Passwords that appear in breach dumps and guessing lists are refused wherever a password is chosen (a sign-up, the
// first admin): the 49,000 most common ones from a well-kept offline list (the one the zxcvbn strength estimator
// ships), compared case-insensitively.
import { dictionary } from '@zxcvbn-ts/language-common';
import { NewPasswordSchema } from '@app/shared';

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}

export const COMMON_PASSWORD = 'This password is one of the most common and easily guessed: choose another';

/** Why a password someone chooses is refused (too short, too long, too common), or null when it is acceptable. */
export function newPasswordProblem(password: string): string | null {
  const parsed = NewPasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]!.message;
  return isCommonPassword(password) ? COMMON_PASSWORD : null;
}
