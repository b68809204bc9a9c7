import { useQueryClient } from '@tanstack/react-query';
import { onServerEvent } from '../../../lib/server-events';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import { commentsQueryKey } from '../api/comments';

/** A comment posted by anyone on this auction refreshes the list (the page has joined the auction's room). */
export function useCommentEvents(auctionId: number): void {
  const queryClient = useQueryClient();
  useSocketListeners(`comments:${auctionId}`, (socket) => [
    onServerEvent(socket, 'comment.posted', (e) => {
      if (e.auctionId === auctionId) void queryClient.invalidateQueries({ queryKey: commentsQueryKey(auctionId) });
    }),
  ]);
}
