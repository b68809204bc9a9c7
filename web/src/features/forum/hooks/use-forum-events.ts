// Live forum: the list counts posts that arrived since it loaded (it does not jump), and a discussion applies replies
// and likes as they happen. The rooms are watched again after every reconnect.
import { useQueryClient } from '@tanstack/react-query';
import { NoDataAckSchema, SOCKET_EVENTS, type ForumThread } from '@app/shared';
import { parseOrWarn } from '../../../lib/contract';
import { onServerEvent } from '../../../lib/server-events';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import type { AppSocket } from '../../../lib/socket';
import { threadQueryKey } from '../api/forum';

/** How long the gateway has to answer a watch; it is asked again on the next connect either way. */
const WATCH_ANSWER_MS = 10_000;

function watch(socket: AppSocket, payload: { postId?: number }): () => void {
  // Asked with an acknowledgement: a watch the gateway refuses (too many rooms on one socket) is said in the console
  // instead of leaving the page silently without live updates.
  const join = () =>
    void socket
      .timeout(WATCH_ANSWER_MS)
      .emitWithAck(SOCKET_EVENTS.forumWatch, payload)
      .then((answer: unknown) => {
        const ack = parseOrWarn(NoDataAckSchema, answer, `${SOCKET_EVENTS.forumWatch} answer`);
        if (ack && !ack.ok) console.warn('live forum updates are unavailable:', ack.error);
      })
      .catch(() => undefined);
  socket.on('connect', join);
  if (socket.connected) join();
  return () => {
    socket.off('connect', join);
    socket.emit(SOCKET_EVENTS.forumUnwatch, payload);
  };
}

export function useNewPostEvents(onPost: (p: { postId: number; category: string; userId: number }) => void): void {
  useSocketListeners('forum', (socket) => [
    watch(socket, {}),
    onServerEvent(socket, 'forum.post.created', (e) =>
      onPost({ postId: e.postId, category: e.category, userId: e.userId }),
    ),
  ]);
}

export function useThreadEvents(postId: number): void {
  const queryClient = useQueryClient();
  const update = (fn: (t: ForumThread) => ForumThread) =>
    queryClient.setQueryData<ForumThread>(threadQueryKey(postId), (t) => (t ? fn(t) : t));
  useSocketListeners(`thread:${postId}`, (socket) => [
    watch(socket, { postId }),
    // After a reconnect the thread is read again: anything missed while away is in it.
    (() => {
      const refetch = () => void queryClient.invalidateQueries({ queryKey: threadQueryKey(postId) });
      socket.io.on('reconnect', refetch);
      return () => socket.io.off('reconnect', refetch);
    })(),
    onServerEvent(socket, 'forum.reply.posted', (e) => {
      if (e.postId !== postId) return;
      update((t) =>
        t.allReplies.some((r) => r.id === e.reply.id)
          ? { ...t, replies: e.replies }
          : {
              ...t,
              replies: e.replies,
              allReplies: [...t.allReplies, { ...e.reply, hidden: false, likedByMe: false }],
            },
      );
    }),
    onServerEvent(socket, 'forum.likes.changed', (e) => {
      if (e.postId !== postId) return;
      update((t) =>
        e.replyId === null
          ? { ...t, likes: e.likes }
          : { ...t, allReplies: t.allReplies.map((r) => (r.id === e.replyId ? { ...r, likes: e.likes } : r)) },
      );
    }),
  ]);
}
