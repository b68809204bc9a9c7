// A step on one of the signed-in user's escrows, wherever they are: the escrow page refreshes if it is open, and a
// step someone else took shows a notice with a way to the page.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { onServerEvent } from '../../../lib/server-events';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import { toast } from '../../../lib/toast';
import { escrowTransactionQueryKey } from '../api/get-transaction';

export function useEscrowNotices(userId: number | undefined): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useSocketListeners(
    userId === undefined ? null : `user:${userId}`,
    (socket) => [
      onServerEvent(socket, 'escrow.updated', (e) => {
        void queryClient.invalidateQueries({ queryKey: escrowTransactionQueryKey(e.auctionId) });
        if (e.actor === e.role) return;
        // A step of the sale, about its page: it gives way to a toast on screen about the same sale (a buyer's
        // "Purchase Successful!" or "You won" is not replaced by the seller's automatic acceptance a moment later).
        toast({
          title: 'Escrow updated',
          description: e.text,
          topic: `/transaction/${e.auctionId}`,
          pushed: true,
          step: true,
          action: { label: 'View', onClick: () => void navigate(`/transaction/${e.auctionId}`) },
        });
      }),
    ],
    { asUser: true },
  );
}
