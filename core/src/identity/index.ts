// Identity: accounts, passwords, sign-in and sign-out, sessions, sign-up and its mail, the sign-in throttle.
export {
  FREE_FAILURES_PER_PAIR,
  LOGIN_WINDOW_SECONDS,
  MAX_FAILURES_PER_IP,
  LoginThrottle,
  backoffSeconds,
  throttleKeys,
} from './login-throttle.js';
export { mailSignUp } from './mail-sign-up.js';
export { SessionCache } from './session-cache.js';
export {
  ADMIN_COOKIE,
  SESSION_TTL_MS,
  USER_COOKIE,
  createUserSession,
  findSessionAdmin,
  findSessionUser,
} from './sessions.js';
export { INVALID_CREDENTIALS, signIn, signOut } from './sign-in.js';
export { SignUpMails } from './sign-up-mails.js';
export { confirmSignUp, requestSignUp } from './sign-up.js';
export { AccountMails, type AccountMailQueue } from './account-mails.js';
export { mailPasswordReset, requestPasswordReset, resetPassword } from './password-reset.js';
export { confirmEmailChange, mailEmailChange, pendingEmailChange, requestEmailChange } from './email-change.js';
export {
  beginTotpSetup,
  completeAdminSecondFactor,
  completeSecondFactor,
  disableTotp,
  enableTotp,
  secondFactorState,
  startMemberSession,
  type SignedIn,
} from './second-factor.js';
export { totpAt } from './totp.js';
