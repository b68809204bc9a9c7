import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setSessionUser, useMe } from '../../../shared/session';
import { signOut, signOutAdmin } from '../api/sign-out';

const buttonClass = 'rounded-md border border-white/30 px-3 py-1.5 text-sm text-white hover:bg-white/10';

/** The header's account corner: the signed-in member and, when there is one, the admin session, each with Logout; or Login. */
export function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = me.data?.user;
  const admin = me.data?.admin;
  if (!user && !admin) {
    return (
      <Link to="/login" onClick={onNavigate} className={buttonClass}>
        Login
      </Link>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      {admin && (
        <>
          <Link
            to="/admin"
            onClick={onNavigate}
            className="text-sm text-amber-300 hover:underline"
            data-testid="signed-in-admin"
          >
            Admin: {admin.name}
          </Link>
          <button
            className={buttonClass}
            data-testid="admin-logout"
            onClick={async () => {
              await signOutAdmin();
              // A different identity: every answer read as the admin is refetched.
              await queryClient.invalidateQueries();
              onNavigate?.();
              void navigate('/admin/login');
            }}
          >
            Admin logout
          </button>
        </>
      )}
      {user && (
        <>
          <span className="text-sm text-slate-200" data-testid="signed-in-user">
            {user.name}
          </span>
          <button
            className={buttonClass}
            onClick={async () => {
              await signOut();
              await setSessionUser(queryClient, null);
              onNavigate?.();
              void navigate('/');
            }}
          >
            Logout
          </button>
        </>
      )}
    </div>
  );
}
