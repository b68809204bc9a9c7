// Approving or rejecting a submitted auction, from the pending list or the auctions table: one mutation, so both say
// the same and refresh every list the decision changes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { auctionsQueryKey } from '../../../shared/auction-state';
import { ADMIN_AUCTIONS_PATH } from '../api/admin-auctions';
import { overviewQueryKey } from '../api/get-overview';
import { decideAuction, pendingAuctionsQueryKey, type Decision } from '../api/pending-auctions';

export function useDecideAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: Decision }) => decideAuction(id, action),
    onSuccess: (_data, { action }) => {
      toast({
        title: action === 'approve' ? 'Auction approved' : 'Auction rejected',
        description: action === 'approve' ? 'It is live now.' : undefined,
      });
      void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(ADMIN_AUCTIONS_PATH) });
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
}

export type DecideAuction = ReturnType<typeof useDecideAuction>;
