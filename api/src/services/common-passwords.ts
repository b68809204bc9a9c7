// Passwords that appear in breach dumps and guessing lists are refused when a member chooses one: the 49,000 most
// common ones of the zxcvbn strength estimator's list (@zxcvbn-ts/language-common, drawn from leaked password sets),
// and the passwords this project itself publishes for its demo accounts (README), which anyone can look up. Compared
// case-insensitively. The demo accounts keep theirs (the seed writes them directly); nobody may choose one.
import { dictionary } from '@zxcvbn-ts/language-common';
import { DEMO_ADMIN, DEMO_USER } from '@app/shared';

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
