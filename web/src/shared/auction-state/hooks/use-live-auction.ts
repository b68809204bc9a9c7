// Joins an auction's room while a component shows it; feeds the live store from the auction's bid-state stream;
// refetches on a seq gap or a reconnect. The room's chat and comments are followed by their own features.
import { useQueryClient } from '@tanstack/react-query';
import { JoinAckSchema, PresenceEventSchema, SOCKET_EVENTS } from '@app/shared';
import { onServerEvent } from '../../../lib/server-events';
import { parseOrWarn } from '../../../lib/contract';
import { useServerClock } from '../../../lib/server-clock';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import type { AppSocket } from '../../../lib/socket';
import { useLiveAuctions, type BidStateEvent } from '../live-auctions';
import { auctionQueryKey } from '../api/get-auction';
import { auctionsQueryKey } from '../api/get-auctions';

const BID_STATE = [
  'bid.placed',
  'auction.extended',
  'auction.closed',
  'auction.opened',
  'auction.reserve-lowered',
] as const;
const JOIN_TIMEOUT_MS = 5000;
const JOIN_RETRY_FIRST_MS = 500;
const JOIN_RETRY_MAX_MS = 10_000;

export function useLiveAuction(auctionIds: number[]): void {
  const queryClient = useQueryClient();
  const refetch = (auctionId: number) => void queryClient.invalidateQueries({ queryKey: auctionQueryKey(auctionId) });

  const follow = (socket: AppSocket) => {
    const ids = new Set(auctionIds);
    const retries = new Map<number, ReturnType<typeof setTimeout>>();
    let following = true;
    // A join that times out or is refused for a passing reason (a gateway busy or restarting) is tried again, with
    // growing waits, for as long as the page follows the auction; an unknown auction is not.
    const joinOne = async (auctionId: number, attempt: number): Promise<void> => {
      if (!following || !socket.connected) return;
      const answer: unknown = await socket
        .timeout(JOIN_TIMEOUT_MS)
        .emitWithAck(SOCKET_EVENTS.join, { auctionId })
        .catch(() => null);
      if (!following) return;
      const ack = answer === null ? undefined : parseOrWarn(JoinAckSchema, answer, `${SOCKET_EVENTS.join} answer`);
      if (!ack?.ok) {
        if (ack?.error === 'Auction not found') return;
        const wait = Math.min(JOIN_RETRY_MAX_MS, JOIN_RETRY_FIRST_MS * 2 ** attempt) * (0.5 + Math.random() / 2);
        retries.set(
          auctionId,
          setTimeout(() => void joinOne(auctionId, attempt + 1), wait),
        );
        return;
      }
      const { online, serverTime, auctionId: _id, ...snap } = ack.data;
      useServerClock.getState().learn(serverTime);
      const store = useLiveAuctions.getState();
      store.setOnline(auctionId, online);
      const before = store.auctions[auctionId];
      store.seed(auctionId, snap);
      // Rejoining after a disconnect (or a resumed session): anything missed is refetched rather than guessed.
      if (before && before.seq < snap.seq) refetch(auctionId);
    };
    const join = () => {
      for (const auctionId of ids) {
        clearTimeout(retries.get(auctionId));
        void joinOne(auctionId, 0);
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
        following = false;
        for (const timer of retries.values()) clearTimeout(timer);
        socket.off(SOCKET_EVENTS.presence, onPresence);
        socket.off('connect', join);
        for (const auctionId of ids) socket.emit(SOCKET_EVENTS.leave, { auctionId });
      },
    ];
  };
  // Keyed by the joined ids: a new array with the same ids must not rejoin.
  useSocketListeners(auctionIds.length === 0 ? null : auctionIds.join(','), follow);
}
