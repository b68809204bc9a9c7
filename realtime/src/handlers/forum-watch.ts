// forum:watch and forum:unwatch: the forum's rooms are public, anyone may watch the list or a discussion (hidden posts
// never send events).
import type { Logger } from 'pino';
import { FORUM_ROOM, ForumWatchPayloadSchema, SOCKET_EVENTS, threadRoom } from '@app/shared';
import type { GatewaySocket } from '../socket-types.js';
import { onClientEvent } from './boundary.js';
import { TOO_MANY_ROOMS, mayJoin } from './room-limit.js';

const BAD_FORUM_ROOM = 'Bad forum room';

function forumRoom(payload: unknown): string | null {
  const parsed = ForumWatchPayloadSchema.safeParse(payload);
  if (!parsed.success) return null;
  return parsed.data.postId === undefined ? FORUM_ROOM : threadRoom(parsed.data.postId);
}

export function handleForumWatch(socket: GatewaySocket, logger: Logger): void {
  onClientEvent(
    socket,
    SOCKET_EVENTS.forumWatch,
    async (payload, reply) => {
      const room = forumRoom(payload);
      if (!room) return reply({ ok: false, error: BAD_FORUM_ROOM });
      if (!mayJoin(socket, room)) return reply({ ok: false, error: TOO_MANY_ROOMS });
      await socket.join(room);
      reply({ ok: true, data: null });
    },
    logger,
  );
  onClientEvent(
    socket,
    SOCKET_EVENTS.forumUnwatch,
    async (payload, reply) => {
      const room = forumRoom(payload);
      if (!room) return reply({ ok: false, error: BAD_FORUM_ROOM });
      await socket.leave(room);
      reply({ ok: true, data: null });
    },
    logger,
  );
}
