// An offer that changes (the other party answered, the deadline passed) is pushed to both parties' own rooms: the
// listing's offers are refetched, so the buttons shown are always the server's current ones.
import { useQueryClient } from '@tanstack/react-query';
import { onServerEvent } from '../../../lib/server-events';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import { offersQueryKey } from '../api/offers';

export function useOfferEvents(auctionId: number, userId: number | null): void {
  const queryClient = useQueryClient();
  useSocketListeners(userId === null ? null : `user:${userId}`, (socket) => [
    onServerEvent(socket, 'offer.updated', (e) => {
      if (e.auctionId === auctionId) void queryClient.invalidateQueries({ queryKey: offersQueryKey(auctionId) });
    }),
  ]);
}
