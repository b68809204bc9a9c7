import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUCTION_STATUSES, formatMoney } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { ADMIN_AUCTIONS_PATH, useAdminAuctions } from '../api/admin-auctions';
import { decideAuction, pendingAuctionsQueryKey, type Decision } from '../api/pending-auctions';
import { overviewQueryKey } from '../api/get-overview';

const PAGE_SIZE = 25;

export function AdminAuctions() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const auctions = useAdminAuctions(status, search, page);
  const decide = useMutation({
    mutationFn: ({ id, action }: { id: number; action: Decision }) => decideAuction(id, action),
    onSuccess: () => {
      void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(ADMIN_AUCTIONS_PATH) });
      for (const queryKey of [pendingAuctionsQueryKey, overviewQueryKey])
        void queryClient.invalidateQueries({ queryKey });
    },
    onError: (err) =>
      toast({
        title: 'Could not update the auction',
        description: err instanceof ApiError ? err.serverMessage : undefined,
        variant: 'destructive',
      }),
  });
  const total = auctions.data?.total ?? 0;
  return (
    <div className="text-sm">
      <div className="flex flex-wrap gap-3">
        <select
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
          className="rounded border px-2 py-1"
          aria-label="Status"
        >
          <option value="">All statuses</option>
          {AUCTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === 'pending' ? 'Pending Approval' : s}
            </option>
          ))}
        </select>
        <input
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          placeholder="Search by car or VIN"
          className="rounded border px-2 py-1"
          aria-label="Search auctions"
        />
      </div>
      {auctions.isLoading && <div className="mt-4 h-24 animate-pulse rounded bg-slate-100" />}
      <table className="mt-4 w-full text-left">
        <thead>
          <tr className="border-b text-slate-500">
            <th className="py-2">Auction</th>
            <th>Seller</th>
            <th>Status</th>
            <th>Current bid</th>
            <th>Bids</th>
            <th>Ends</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {auctions.data?.items.map((a) => (
            <tr key={a.id} className="border-b" data-testid={`admin-auction-${a.id}`}>
              <td className="py-2">
                #{a.id} {a.title}
              </td>
              <td>{a.seller ?? '—'}</td>
              <td>{a.status === 'pending' ? 'Pending Approval' : a.status}</td>
              <td>{formatMoney(a.currentBid)}</td>
              <td>{a.bidCount}</td>
              <td>{new Date(a.endTime).toLocaleString()}</td>
              <td className="space-x-2">
                {a.status === 'pending' && (
                  <>
                    <button
                      onClick={() => decide.mutate({ id: a.id, action: 'approve' })}
                      disabled={decide.isPending}
                      className="rounded bg-emerald-600 px-2 py-1 text-white"
                    >
                      Approve
                    </button>
                    <button
                      onClick={() => decide.mutate({ id: a.id, action: 'reject' })}
                      disabled={decide.isPending}
                      className="rounded border px-2 py-1"
                    >
                      Reject
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex items-center gap-3">
        <button
          disabled={page === 1}
          onClick={() => setPage(page - 1)}
          className="rounded border px-2 py-1 disabled:opacity-50"
        >
          Previous
        </button>
        <span>
          Page {page} of {Math.max(1, Math.ceil(total / PAGE_SIZE))} · {total} auctions
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
