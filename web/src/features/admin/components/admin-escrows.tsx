// The admin portal's escrow queue: each escrow with what it waits for, and the steps the state machine lets an admin
// take now (confirm a payment until a payment provider does, verify documents, release, settle a dispute).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminEscrowsQueryKey, takeEscrowAction, useAdminEscrows, type AdminEscrowAction } from '../api/admin-escrows';

const ACTION_LABELS: Partial<Record<AdminEscrowAction, string>> = {
  confirm_payment: 'Mark payment received',
  verify_documents: 'Verify documents',
  release_funds: 'Release funds',
  resolve_release: 'Resolve: release to seller',
  resolve_refund: 'Resolve: refund buyer',
};

export function AdminEscrows() {
  const queryClient = useQueryClient();
  const escrows = useAdminEscrows();
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: AdminEscrowAction }) => takeEscrowAction(id, action),
    onSuccess: () => {
      toast({ title: 'Milestone Completed' });
      void queryClient.invalidateQueries({ queryKey: adminEscrowsQueryKey });
    },
    onError: (err) => toast({ title: 'Failed to complete milestone', description: err instanceof ApiError ? err.serverMessage : undefined, variant: 'destructive' }),
  });
  if (escrows.isLoading) return <p className="text-slate-500">Loading escrows…</p>;
  if (!escrows.data?.length) return <p className="text-slate-500">No escrow transactions yet.</p>;
  return (
    <ul className="divide-y rounded-xl border bg-white">
      {escrows.data.map((e) => (
        <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="admin-escrow">
          <div>
            <p className="font-semibold">#{e.id} {e.title} · {formatMoney(e.amount)}</p>
            <p className="text-sm text-slate-600">
              {e.status.toUpperCase()} · buyer {e.buyerName}{e.buyerTermsAccepted ? ' (terms accepted)' : ''}
              {e.sellerName ? ` · seller ${e.sellerName}${e.sellerTermsAccepted ? ' (terms accepted)' : ''}` : ''}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {e.nextActions.map((action) => (
              <button
                key={action}
                onClick={() => act.mutate({ id: e.id, action })}
                disabled={act.isPending}
                className="rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-50"
              >
                {ACTION_LABELS[action] ?? action}
              </button>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
