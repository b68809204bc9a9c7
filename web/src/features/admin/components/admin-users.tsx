import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { ADMIN_USERS_PATH, reactivateUser, setUserPremium, suspendUser, useAdminUsers } from '../api/admin-users';

const PAGE_SIZE = 25;

export function AdminUsers() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useAdminUsers(search, page);
  const act = useMutation({
    mutationFn: (run: () => Promise<void>) => run(),
    onSuccess: () =>
      void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(ADMIN_USERS_PATH) }),
    onError: (err) =>
      toast({
        title: 'Could not update the member',
        description: err instanceof ApiError ? err.serverMessage : undefined,
        variant: 'destructive',
      }),
  });
  const suspend = (id: number) => {
    const reason = window.prompt('Reason for the suspension');
    if (reason?.trim()) act.mutate(() => suspendUser(id, reason.trim()));
  };
  const total = users.data?.total ?? 0;
  return (
    <div>
      <input
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        placeholder="Search by name or email"
        className="w-full max-w-sm rounded-md border px-3 py-2 text-sm"
        aria-label="Search members"
      />
      {users.isLoading && <div className="mt-4 h-24 animate-pulse rounded bg-slate-100" />}
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="border-b text-slate-500">
            <th className="py-2">Member</th>
            <th>Joined</th>
            <th>Bids</th>
            <th>Premium</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {users.data?.items.map((u) => (
            <tr key={u.id} className="border-b" data-testid={`admin-user-${u.id}`}>
              <td className="py-2">
                <p className="font-semibold">{u.name}</p>
                <p className="text-slate-500">{u.email}</p>
              </td>
              <td>{new Date(u.createdAt).toLocaleDateString()}</td>
              <td>{u.bids}</td>
              <td>
                <input
                  type="checkbox"
                  checked={u.isPremium}
                  aria-label={`Premium: ${u.name}`}
                  onChange={(e) => act.mutate(() => setUserPremium(u.id, e.target.checked))}
                />
              </td>
              <td>
                {u.suspendedAt ? (
                  <span className="text-red-700" title={u.suspensionReason ?? ''}>
                    Suspended
                  </span>
                ) : (
                  'Active'
                )}
              </td>
              <td>
                {u.suspendedAt ? (
                  <button onClick={() => act.mutate(() => reactivateUser(u.id))} className="rounded border px-2 py-1">
                    Reactivate
                  </button>
                ) : (
                  <button
                    onClick={() => suspend(u.id)}
                    className="rounded border border-red-300 px-2 py-1 text-red-700"
                  >
                    Suspend
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex items-center gap-3 text-sm">
        <button
          disabled={page === 1}
          onClick={() => setPage(page - 1)}
          className="rounded border px-2 py-1 disabled:opacity-50"
        >
          Previous
        </button>
        <span>
          Page {page} of {Math.max(1, Math.ceil(total / PAGE_SIZE))} · {total} members
        </span>
        <button
          disabled={page * PAGE_SIZE >= total}
          onClick={() => setPage(page + 1)}
          className="rounded border px-2 py-1 disabled:opacity-50"
        >
          Next
        </button>
      </div>
    </div>
  );
}
