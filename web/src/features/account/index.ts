// The session: who is signed in, and the pages that sign in, sign up (and confirm the mailed link) and sign out.
export { useMe } from './api/get-me';
export { LoginPage } from './components/login-page';
export { RegisterPage } from './components/register-page';
export { ConfirmEmailPage } from './components/confirm-email-page';
export { AccountMenu } from './components/account-menu';
