// auction:join and auction:leave: a client follows an auction's room and is acknowledged with its current snapshot.
import type { Logger } from 'pino';
import {
  JoinAuctionPayloadSchema,
  LeaveAuctionPayloadSchema,
  SOCKET_EVENTS,
  auctionRoom,
  type AuctionSnapshot,
} from '@app/shared';
import type { GatewaySocket } from '../socket-types.js';
import { onClientEvent } from './boundary.js';
import { TOO_MANY_ROOMS, mayJoin } from './room-limit.js';

export interface AuctionRoomDeps {
  logger: Logger;
  /**
   * The auction's snapshot from a read that begins after the call, with its online count across gateways (this socket
   * included once it joined); null for an auction nobody may watch. Shared by the joins that ask together
   * (snapshot-reads.ts).
   */
  snapshot(auctionId: number): Promise<AuctionSnapshot | null>;
  /** Tells the room its new online count, throttled. */
  announcePresence(auctionId: number): void;
}

const BAD_AUCTION_ID = 'auctionId must be a positive whole number';

export function handleAuctionRoom(socket: GatewaySocket, deps: AuctionRoomDeps): void {
  const { logger } = deps;

  onClientEvent(
    socket,
    SOCKET_EVENTS.join,
    async (payload, reply) => {
      const parsed = JoinAuctionPayloadSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, error: BAD_AUCTION_ID });
      const { auctionId } = parsed.data;
      const room = auctionRoom(auctionId);
      if (!mayJoin(socket, room)) return reply({ ok: false, error: TOO_MANY_ROOMS });
      try {
        // Join before reading: an event committed after the read then reaches this socket, and the count includes it.
        await socket.join(room);
        const snapshot = await deps.snapshot(auctionId);
        if (!snapshot) {
          await socket.leave(room);
          return reply({ ok: false, error: 'Auction not found' });
        }
        deps.announcePresence(auctionId);
        reply({ ok: true, data: snapshot });
      } catch (err) {
        logger.warn({ err: err instanceof Error ? err.message : String(err), auctionId }, 'join failed');
        reply({ ok: false, error: 'Could not join the auction right now' });
      }
    },
    logger,
  );

  onClientEvent(
    socket,
    SOCKET_EVENTS.leave,
    async (payload, reply) => {
      const parsed = LeaveAuctionPayloadSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, error: BAD_AUCTION_ID });
      const room = auctionRoom(parsed.data.auctionId);
      if (socket.rooms.has(room)) {
        await socket.leave(room);
        deps.announcePresence(parsed.data.auctionId);
      }
      reply({ ok: true, data: null });
    },
    logger,
  );
}
