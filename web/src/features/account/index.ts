// Account: the pages that sign in, sign up (and confirm the mailed link), and the header's menu that signs out. Who is
// signed in is the session kernel's (shared/session).
export { LoginPage } from './components/login-page';
export { RegisterPage } from './components/register-page';
export { ConfirmEmailPage } from './components/confirm-email-page';
export { AccountMenu } from './components/account-menu';
export { ForgotPasswordPage } from './components/forgot-password-page';
export { ResetPasswordPage } from './components/reset-password-page';
export { AccountPage } from './components/account-page';
export { ConfirmEmailChangePage } from './components/confirm-email-change-page';
