// Joins an auction's room while a component shows it; feeds the live store from the auction's bid-state stream;
// refetches on a seq gap or a reconnect. The room's chat and comments are followed by their own features.
import { useQueryClient } from '@tanstack/react-query';
import { JoinAckSchema, PresenceEventSchema, SOCKET_EVENTS } from '@app/shared';
import { onServerEvent } from '../../../lib/server-events';
import { parseOrWarn } from '../../../lib/contract';
import { useServerClock } from '../../../lib/server-clock';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import type { AppSocket } from '../../../lib/socket';
import { useLiveAuctions, type BidStateEvent } from '../stores/live-auctions';
import { auctionQueryKey } from '../api/get-auction';
import { auctionsQueryKey } from '../api/get-auctions';

const BID_STATE = ['bid.placed', 'auction.extended', 'auction.closed', 'auction.opened'] as const;

export function useLiveAuction(auctionIds: number[]): void {
  const queryClient = useQueryClient();
  const refetch = (auctionId: number) => void queryClient.invalidateQueries({ queryKey: auctionQueryKey(auctionId) });

  const follow = (socket: AppSocket) => {
    const ids = new Set(auctionIds);
    const join = () => {
      for (const auctionId of ids) {
        socket.emit(SOCKET_EVENTS.join, { auctionId }, (answer) => {
          const ack = parseOrWarn(JoinAckSchema, answer, `${SOCKET_EVENTS.join} answer`);
          if (!ack?.ok) return;
          const { online, serverTime, auctionId: _id, ...snap } = ack.data;
          useServerClock.getState().learn(serverTime);
          const store = useLiveAuctions.getState();
          store.setOnline(auctionId, online);
          const before = store.auctions[auctionId];
          store.seed(auctionId, snap);
          // Rejoining after a disconnect: anything missed is refetched rather than guessed.
          if (before && before.seq < snap.seq) refetch(auctionId);
        });
      }
    };
    const onBidState = (e: BidStateEvent) => {
      if (!ids.has(e.auctionId)) return;
      useLiveAuctions.getState().apply(e.auctionId, e);
      if (e.type === 'auction.closed') void queryClient.invalidateQueries({ queryKey: auctionsQueryKey });
      if (useLiveAuctions.getState().auctions[e.auctionId]?.stale) refetch(e.auctionId);
    };
    const onPresence = (payload: unknown) => {
      const p = parseOrWarn(PresenceEventSchema, payload, `${SOCKET_EVENTS.presence} message`);
      if (p && ids.has(p.auctionId)) useLiveAuctions.getState().setOnline(p.auctionId, p.online);
    };
    const offs = BID_STATE.map((type) => onServerEvent(socket, type, onBidState));
    socket.on(SOCKET_EVENTS.presence, onPresence);
    socket.on('connect', join);
    if (socket.connected) join();
    return [
      ...offs,
      () => {
        socket.off(SOCKET_EVENTS.presence, onPresence);
        socket.off('connect', join);
        for (const auctionId of ids) socket.emit(SOCKET_EVENTS.leave, { auctionId });
      },
    ];
  };
  // Keyed by the joined ids: a new array with the same ids must not rejoin.
  useSocketListeners(auctionIds.length === 0 ? null : auctionIds.join(','), follow);
}
