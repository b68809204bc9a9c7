import { useQueryClient } from '@tanstack/react-query';
import { onServerEvent } from '../../../lib/server-events';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import { commentsQueryKey, questionsQueryKey } from '../api/comments';

/** A comment posted by anyone on this auction refreshes the list (the page has joined the auction's room). */
export function useCommentEvents(auctionId: number): void {
  const queryClient = useQueryClient();
  useSocketListeners(`comments:${auctionId}`, (socket) => [
    onServerEvent(socket, 'comment.posted', (e) => {
      if (e.auctionId !== auctionId) return;
      void queryClient.invalidateQueries({ queryKey: commentsQueryKey(auctionId) });
      // A seller's reply answers a question: the pinned answers change too.
      if (e.isSeller === true && e.replyTo != null)
        void queryClient.invalidateQueries({ queryKey: questionsQueryKey(auctionId) });
    }),
  ]);
}
