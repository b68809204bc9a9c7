// Passwords that appear in breach dumps and guessing lists are refused wherever a password is chosen (a sign-up, the
// first admin): the 49,000 most common ones from a well-kept offline list (the one the zxcvbn strength estimator
// ships, drawn from leaked password sets), and the passwords this project itself publishes for its demo accounts
// (README), which anyone can look up; compared case-insensitively. The demo accounts keep theirs (the seed writes them
// directly); nobody may choose one.
import { dictionary } from '@zxcvbn-ts/language-common';
import { DEMO_ADMIN, DEMO_USER, NewPasswordSchema, chosenPasswordProblem } from '@app/shared';

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    [...(dictionary['passwords-common'] as string[]), DEMO_USER.password, DEMO_ADMIN.password].map((p) =>
      p.toLowerCase(),
    ),
  );
  return common.has(password.trim().toLowerCase());
}

export const COMMON_PASSWORD = 'This password is one of the most common and easily guessed: choose another';

/**
 * Why a password someone chooses for this address is refused (too short, too long, the address itself, too common), or
 * null when it is acceptable.
 */
export function newPasswordProblem(password: string, email: string): string | null {
  const parsed = NewPasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]!.message;
  return chosenPasswordProblem(password, email) ?? (isCommonPassword(password) ? COMMON_PASSWORD : null);
}
