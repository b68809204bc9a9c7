import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useMe } from '../../../shared/session';
import { userMessage } from '../../../lib/api-client';
import { accountSecurity, accountSecurityKey } from '../api/account';
import { EmailChangeSection } from './email-change-section';
import { TwoFactorSection } from './two-factor-section';

/** The member's account: their address (and a change of it) and two-factor authentication. */
export function AccountPage() {
  const me = useMe();
  const user = me.data?.user;
  const security = useQuery({ queryKey: accountSecurityKey, queryFn: accountSecurity, enabled: Boolean(user) });
  if (me.isLoading) return <p className="p-8 text-center">Loading…</p>;
  if (!user) return <Navigate to="/login?next=/account" replace />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10" data-testid="account-page">
      <h1 className="text-3xl font-bold">Your account</h1>
      <p className="mt-1 text-slate-600">{user.name}</p>
      {security.isLoading && <p className="mt-6">Loading…</p>}
      {security.isError && (
        <p className="mt-6 text-red-700" role="alert">
          {userMessage(security.error, 'Your account could not be loaded. Please try again.')}
        </p>
      )}
      {security.data && (
        <>
          <EmailChangeSection email={security.data.email} pendingEmail={security.data.pendingEmail} />
          <TwoFactorSection on={security.data.secondFactor} recoveryCodesLeft={security.data.recoveryCodesLeft} />
        </>
      )}
    </div>
  );
}
