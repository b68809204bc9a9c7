import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUCTION_STATUSES, formatMoney } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { ADMIN_AUCTIONS_PATH, useAdminAuctions } from '../api/admin-auctions';
import { decideAuction, pendingAuctionsQueryKey, type Decision } from '../api/pending-auctions';
import { overviewQueryKey } from '../api/get-overview';
import { Button, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui';

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
      <Table className="mt-4">
        <TableHeader>
          <TableRow>
            <TableHead>Auction</TableHead>
            <TableHead>Seller</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Current bid</TableHead>
            <TableHead>Bids</TableHead>
            <TableHead>Ends</TableHead>
            <TableHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {auctions.data?.items.map((a) => (
            <TableRow key={a.id} data-testid={`admin-auction-${a.id}`}>
              <TableCell>
                #{a.id} {a.title}
              </TableCell>
              <TableCell>{a.seller ?? '—'}</TableCell>
              <TableCell>{a.status === 'pending' ? 'Pending Approval' : a.status}</TableCell>
              <TableCell>{formatMoney(a.currentBid)}</TableCell>
              <TableCell>{a.bidCount}</TableCell>
              <TableCell>{new Date(a.endTime).toLocaleString()}</TableCell>
              <TableCell className="space-x-2">
                {a.status === 'pending' && (
                  <>
                    <Button
                      onClick={() => decide.mutate({ id: a.id, action: 'approve' })}
                      disabled={decide.isPending}
                      variant="success"
                      size="sm"
                    >
                      Approve
                    </Button>
                    <Button
                      onClick={() => decide.mutate({ id: a.id, action: 'reject' })}
                      disabled={decide.isPending}
                      variant="outline"
                      size="sm"
                    >
                      Reject
                    </Button>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className="mt-3 flex items-center gap-3">
        <Button disabled={page === 1} onClick={() => setPage(page - 1)} variant="outline" size="sm">
          Previous
        </Button>
        <span>
          Page {page} of {Math.max(1, Math.ceil(total / PAGE_SIZE))} · {total} auctions
        </span>
        <Button disabled={page * PAGE_SIZE >= total} onClick={() => setPage(page + 1)} variant="outline" size="sm">
          Next
        </Button>
      </div>
    </div>
  );
}
