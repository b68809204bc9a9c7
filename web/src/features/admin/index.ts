// The admin portal: its sign-in, the dashboard, approvals and the escrow queue, following the admins' stream.
export { AdminLoginPage } from './components/admin-login-page';
export { AdminPage } from './components/admin-page';
