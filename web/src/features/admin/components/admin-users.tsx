import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  ADMIN_USERS_PATH,
  reactivateUser,
  setBidExemption,
  setUserPremium,
  suspendUser,
  useAdminUsers,
} from '../api/admin-users';
import { Button, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui';
import { Pager } from './pager';

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
      <Table className="mt-4">
        <TableHeader>
          <TableRow>
            <TableHead>Member</TableHead>
            <TableHead>Joined</TableHead>
            <TableHead>Bids</TableHead>
            <TableHead>Premium</TableHead>
            <TableHead title="Bids without a card and without holds (dealer accounts)">No card needed</TableHead>
            <TableHead>Status</TableHead>
            <TableHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.data?.items.map((u) => (
            <TableRow key={u.id} data-testid={`admin-user-${u.id}`}>
              <TableCell>
                <p className="font-semibold">{u.name}</p>
                <p className="text-slate-500">{u.email}</p>
              </TableCell>
              <TableCell>{new Date(u.createdAt).toLocaleDateString()}</TableCell>
              <TableCell>{u.bids}</TableCell>
              <TableCell>
                <input
                  type="checkbox"
                  checked={u.isPremium}
                  aria-label={`Premium: ${u.name}`}
                  onChange={(e) => act.mutate(() => setUserPremium(u.id, e.target.checked))}
                />
              </TableCell>
              <TableCell>
                <input
                  type="checkbox"
                  checked={u.bidExempt}
                  aria-label={`Bids without a card: ${u.name}`}
                  onChange={(e) => act.mutate(() => setBidExemption(u.id, e.target.checked))}
                />
              </TableCell>
              <TableCell>
                {u.suspendedAt ? (
                  <span className="text-red-700" title={u.suspensionReason ?? ''}>
                    Suspended
                  </span>
                ) : (
                  'Active'
                )}
              </TableCell>
              <TableCell>
                {u.suspendedAt ? (
                  <Button onClick={() => act.mutate(() => reactivateUser(u.id))} variant="outline" size="sm">
                    Reactivate
                  </Button>
                ) : (
                  <Button onClick={() => suspend(u.id)} variant="outline-danger" size="sm">
                    Suspend
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pager page={page} pageSize={PAGE_SIZE} total={total} noun="members" onPage={setPage} />
    </div>
  );
}
