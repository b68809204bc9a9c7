// Another gateway, as far as the adapter's stream can tell: a bare Socket.IO server on the same adapter stream that
// broadcasts auction packets into the rooms, as a gateway reading the events stream would.
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { auctionRoom } from '@app/shared';
import { createRedis } from '@app/infra';
import { REDIS_URL } from '../../api/test/support/test-app.js';

/** A bid-state event of an auction's stream, with what a client reads of it. */
export const auctionEvent = (auctionId: number, seq: number) => ({
  type: 'bid.placed',
  stream: `auction:${auctionId}`,
  seq,
  auctionId,
});

export function otherGateway(prefix: string) {
  const redis = createRedis(REDIS_URL, { maxRetriesPerRequest: null });
  const io = new Server(createServer(), {
    adapter: createAdapter(redis, {
      streamName: `${prefix}socket.io`,
      channelPrefix: `${prefix}socket.io`,
      sessionKeyPrefix: `${prefix}sio:session:`,
      onlyPlaintext: true,
      blockTimeInMs: 1000,
    }),
  });
  return {
    send: (auctionId: number, events: unknown[]) => io.to(auctionRoom(auctionId)).emit('auction:events', events),
    close: async () => {
      await io.close();
      redis.disconnect();
    },
  };
}
