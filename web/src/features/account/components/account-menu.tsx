import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { meQueryKey, useMe } from '../api/get-me';
import { signOut } from '../api/sign-out';

/** The header's account corner: the signed-in name with Logout, or Login. */
export function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = me.data?.user;
  if (user) {
    return (
      <div className="flex items-center gap-3">
        <span className="text-sm text-slate-200" data-testid="signed-in-user">{user.name}</span>
        <button
          className="rounded-md border border-white/30 px-3 py-1.5 text-sm text-white hover:bg-white/10"
          onClick={async () => {
            await signOut();
            queryClient.setQueryData(meQueryKey, null);
            onNavigate?.();
            void navigate('/');
          }}
        >
          Logout
        </button>
      </div>
    );
  }
  return (
    <Link to="/login" onClick={onNavigate} className="rounded-md border border-white/30 px-3 py-1.5 text-sm text-white hover:bg-white/10">
      Login
    </Link>
  );
}
