// Passwords that appear in breach dumps and guessing lists are refused at sign-up: the 49,000 most common ones from a
// well-kept offline list (the one the zxcvbn strength estimator ships), compared case-insensitively.
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}

export const COMMON_PASSWORD = 'This password is one of the most common and easily guessed: choose another';
