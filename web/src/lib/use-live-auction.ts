// Joins an auction's room while a component shows it; feeds the live store from the auction's two streams (bid state,
// and chat/comments); refetches on a seq gap or a reconnect.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AuctionSnapshotSchema, PresenceEventSchema, SOCKET_EVENTS, type Ack } from '@app/shared';
import { getSocket } from './socket';
import { onServerEvent } from './server-events';
import { fromPush, fromSystemLine } from './chat-merge';
import { useLiveAuctions, type BidStateEvent } from '../stores/live-auctions';
import { useServerClock } from '../stores/server-clock';

const BID_STATE = ['bid.placed', 'auction.extended', 'auction.closed', 'auction.opened'] as const;

export function useLiveAuction(auctionIds: number[]): void {
  const queryClient = useQueryClient();
  const key = auctionIds.join(',');
  useEffect(() => {
    if (auctionIds.length === 0) return;
    let cancelled = false;
    const ids = new Set(auctionIds);
    const cleanups: (() => void)[] = [];
    const detailKey = (auctionId: number) => [`/api/auctions/${auctionId}`];
    void getSocket().then((socket) => {
      if (cancelled) return;
      const join = () => {
        for (const auctionId of ids) {
          socket.emit(SOCKET_EVENTS.join, { auctionId }, (ack: Ack<unknown>) => {
            const parsed = ack.ok ? AuctionSnapshotSchema.safeParse(ack.data) : null;
            if (!parsed?.success) return;
            const { online, serverTime, auctionId: _id, ...snap } = parsed.data;
            useServerClock.getState().learn(serverTime);
            useLiveAuctions.getState().setOnline(auctionId, online);
            const before = useLiveAuctions.getState().auctions[auctionId];
            useLiveAuctions.getState().seed(auctionId, snap);
            // Rejoining after a disconnect: anything missed is refetched rather than guessed.
            if (before && before.seq < snap.seq) void queryClient.invalidateQueries({ queryKey: detailKey(auctionId) });
          });
        }
      };
      const onBidState = (e: BidStateEvent) => {
        if (!ids.has(e.auctionId)) return;
        const store = useLiveAuctions.getState();
        store.apply(e.auctionId, e);
        if (e.type === 'bid.placed' || e.type === 'auction.closed') store.pushChat(e.auctionId, fromSystemLine(e.chatLine));
        if (e.type === 'auction.closed') void queryClient.invalidateQueries({ queryKey: ['/api/auctions'] });
        if (useLiveAuctions.getState().auctions[e.auctionId]?.stale) void queryClient.invalidateQueries({ queryKey: detailKey(e.auctionId) });
      };
      cleanups.push(
        ...BID_STATE.map((type) => onServerEvent(socket, type, onBidState)),
        onServerEvent(socket, 'chat.message', (e) => {
          if (ids.has(e.auctionId)) useLiveAuctions.getState().pushChat(e.auctionId, fromPush(e));
        }),
        onServerEvent(socket, 'comment.posted', (e) => {
          if (ids.has(e.auctionId)) void queryClient.invalidateQueries({ queryKey: [`/api/auctions/${e.auctionId}/comments`] });
        }),
      );
      const onPresence = (payload: unknown) => {
        const p = PresenceEventSchema.safeParse(payload);
        if (p.success && ids.has(p.data.auctionId)) useLiveAuctions.getState().setOnline(p.data.auctionId, p.data.online);
      };
      socket.on(SOCKET_EVENTS.presence, onPresence);
      socket.on('connect', join);
      if (socket.connected) join();
      cleanups.push(() => {
        socket.off(SOCKET_EVENTS.presence, onPresence);
        socket.off('connect', join);
        for (const auctionId of ids) socket.emit(SOCKET_EVENTS.leave, { auctionId });
      });
    });
    return () => {
      cancelled = true;
      for (const c of cleanups) c();
    };
    // Keyed by the joined ids string: a new array with the same ids must not rejoin.
  }, [key, queryClient]);
}
