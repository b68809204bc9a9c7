// The second factor: a TOTP code from an authenticator app (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) or a
// one-time recovery code. Pure: which time steps a code may match, how many wrong codes an account may send, and what
// a recovery code looks like. core/src/identity/totp.ts computes the codes.

/** The length of one TOTP time step. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code may come from: a phone clock a little off, or a code typed as it turned over. */
export const TOTP_WINDOW_STEPS = 1;
/** Wrong codes an account may send in the window before it must wait. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_WINDOW_MINUTES = 15;
/** Recovery codes made when the second factor is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the step between the password and the code may take. */
export const SIGN_IN_CHALLENGE_MINUTES = 5;

export const SECOND_FACTOR_WRONG = 'That code is not right. Check your authenticator app and try again.';
export const SECOND_FACTOR_THROTTLED = `Too many wrong codes. Wait ${SECOND_FACTOR_WINDOW_MINUTES} minutes, then try again.`;
export const SECOND_FACTOR_EXPIRED = 'This sign-in took too long. Please enter your email and password again.';
export const SECOND_FACTOR_NOT_SET_UP = 'Start the two-factor set-up again: no key is waiting to be confirmed.';
export const SECOND_FACTOR_ALREADY_ON = 'Two-factor authentication is already on.';
export const SECOND_FACTOR_OFF = 'Two-factor authentication is not on.';
export const ADMIN_SECOND_FACTOR_REQUIRED =
  'Admins must use two-factor authentication. Set it up on the admin page before using the admin portal.';

/** The time step a moment falls in. */
export const totpStep = (unixMs: number) => Math.floor(unixMs / 1000 / TOTP_STEP_SECONDS);

/**
 * The steps a code may match now, nearest first: the window around now, without any step at or before the last one
 * a code was accepted for (a code is used once, and an older one never after a newer one).
 */
export function candidateSteps(nowStep: number, lastUsedStep: number | null): number[] {
  const steps = [nowStep];
  for (let d = 1; d <= TOTP_WINDOW_STEPS; d++) steps.push(nowStep - d, nowStep + d);
  return steps.filter((s) => lastUsedStep === null || s > lastUsedStep);
}

/** Whether another code may be checked after `failuresInWindow` wrong ones in the last window. */
export const secondFactorAllowed = (failuresInWindow: number) => failuresInWindow < SECOND_FACTOR_MAX_FAILURES;

/** A typed code: six digits is an app's code; otherwise a recovery code (its dashes and spaces ignored). */
export function classifyCode(input: string): { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } {
  const plain = input.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(plain)) return { kind: 'totp', code: plain };
  return { kind: 'recovery', code: plain };
}

/** How a recovery code is shown: ten lowercase letters and digits in two groups, e.g. `k3f9q-2m7xa`. */
export const formatRecoveryCode = (plain: string) => `${plain.slice(0, 5)}-${plain.slice(5)}`;
