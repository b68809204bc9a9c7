import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { auctionsQueryKey } from '../../../shared/auction-state';
import { overviewQueryKey } from '../api/get-overview';
import { decideAuction, pendingAuctionsQueryKey, usePendingAuctions, type Decision } from '../api/pending-auctions';
import { Button } from '../../../components/ui';

/** Cars sellers submitted to auction, waiting for an admin to approve (go live now) or reject. */
export function PendingAuctions() {
  const queryClient = useQueryClient();
  const pending = usePendingAuctions();
  const decide = useMutation({
    mutationFn: ({ id, action }: { id: number; action: Decision }) => decideAuction(id, action),
    onSuccess: (_data, { action }) => {
      toast({
        title: action === 'approve' ? 'Auction approved' : 'Auction rejected',
        description: action === 'approve' ? 'It is live now.' : undefined,
      });
      for (const queryKey of [pendingAuctionsQueryKey, auctionsQueryKey, overviewQueryKey])
        void queryClient.invalidateQueries({ queryKey });
    },
    onError: (err) =>
      toast({
        title: 'Could not update the auction',
        description: err instanceof ApiError ? err.serverMessage : undefined,
        variant: 'destructive',
      }),
  });
  if (pending.isLoading) return <p className="text-slate-500">Loading pending auctions…</p>;
  if (!pending.data?.length) return <p className="text-slate-500">No auctions are waiting for approval.</p>;
  return (
    <ul className="divide-y rounded-xl border bg-white">
      {pending.data.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="pending-auction">
          <div>
            <p className="font-semibold">
              {a.car.year} {a.car.make} {a.car.model}
            </p>
            <p className="text-sm text-slate-600">
              Starting bid {formatMoney(a.startingBid)}
              {a.buyItNowPrice ? ` · Buy It Now ${formatMoney(a.buyItNowPrice)}` : ''} · {a.location} · Pending Approval
            </p>
          </div>
          <div className="flex gap-2">
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
          </div>
        </li>
      ))}
    </ul>
  );
}
