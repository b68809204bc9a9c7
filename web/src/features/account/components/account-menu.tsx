import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setSessionUser, useMe } from '../../../shared/session';
import { signOut, signOutAdmin } from '../api/sign-out';
import { Button } from '../../../components/ui';

/** The header's account corner: the signed-in member and, when there is one, the admin session, each with Logout; or Login. */
export function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = me.data?.user;
  const admin = me.data?.admin;
  if (!user && !admin) {
    return (
      <Button asChild variant="outline-light" size="sm">
        <Link to="/login" onClick={onNavigate}>
          Login
        </Link>
      </Button>
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
          <Button
            variant="outline-light"
            size="sm"
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
          </Button>
        </>
      )}
      {user && (
        <>
          <Link
            to="/account"
            onClick={onNavigate}
            className="text-sm text-slate-200 hover:underline"
            data-testid="signed-in-user"
          >
            {user.name}
          </Link>
          <Button
            variant="outline-light"
            size="sm"
            onClick={async () => {
              await signOut();
              await setSessionUser(queryClient, null);
              onNavigate?.();
              void navigate('/');
            }}
          >
            Logout
          </Button>
        </>
      )}
    </div>
  );
}
