// Joins an auction's room while a component shows it; feeds the live store; refetches on a seq gap or a reconnect.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Ack, AuctionSnapshot, ChatMessageEvent } from '@app/shared';
import { getSocket } from './socket';
import { useLiveAuctions } from '../stores/live-auctions';
import { useServerClock } from '../stores/server-clock';

const EVENTS = ['bid.placed', 'auction.extended', 'auction.closed', 'chat.message', 'comment.posted'] as const;

export function useLiveAuction(auctionIds: number[]): void {
  const queryClient = useQueryClient();
  const key = auctionIds.join(',');
  useEffect(() => {
    if (auctionIds.length === 0) return;
    let cancelled = false;
    const ids = new Set(auctionIds);
    const cleanups: (() => void)[] = [];
    void getSocket().then((socket) => {
      if (cancelled) return;
      const join = () => {
        for (const auctionId of ids) {
          socket.emit('auction:join', { auctionId }, (ack: Ack<AuctionSnapshot>) => {
            if (!ack.ok) return;
            const { online, serverTime, ...snap } = ack.data;
            useServerClock.getState().learn(serverTime);
            useLiveAuctions.getState().setOnline(auctionId, online);
            const before = useLiveAuctions.getState().auctions[auctionId];
            useLiveAuctions.getState().seed(auctionId, {
              currentBid: snap.currentBid,
              bidCount: snap.bidCount,
              endTime: snap.endTime,
              status: snap.status,
              reserveStatus: snap.reserveStatus,
              seq: snap.seq,
            });
            // Rejoining after a disconnect: anything missed is refetched rather than guessed.
            if (before && before.seq < snap.seq) void queryClient.invalidateQueries({ queryKey: [`/api/auctions/${auctionId}`] });
          });
        }
      };
      const onEvent = (name: (typeof EVENTS)[number]) => (e: { auctionId: number; seq: number }) => {
        if (!ids.has(e.auctionId)) return;
        const store = useLiveAuctions.getState();
        store.apply(e.auctionId, { ...(e as object), type: name } as Parameters<typeof store.apply>[1]);
        if (name === 'chat.message') store.pushChat(e as ChatMessageEvent);
        if (name === 'comment.posted') void queryClient.invalidateQueries({ queryKey: [`/api/auctions/${e.auctionId}/comments`] });
        if (useLiveAuctions.getState().auctions[e.auctionId]?.stale) {
          void queryClient.invalidateQueries({ queryKey: [`/api/auctions/${e.auctionId}`] });
        }
      };
      const handlers = EVENTS.map((name) => [name, onEvent(name)] as const);
      for (const [name, h] of handlers) socket.on(name, h);
      const onPresence = (p: { auctionId: number; online: number }) => {
        if (ids.has(p.auctionId)) useLiveAuctions.getState().setOnline(p.auctionId, p.online);
      };
      socket.on('auction:presence', onPresence);
      socket.on('connect', join);
      if (socket.connected) join();
      cleanups.push(() => {
        for (const [name, h] of handlers) socket.off(name, h);
        socket.off('auction:presence', onPresence);
        socket.off('connect', join);
        for (const auctionId of ids) socket.emit('auction:leave', { auctionId });
      });
    });
    return () => {
      cancelled = true;
      for (const c of cleanups) c();
    };
    // Keyed by the joined ids string: a new array with the same ids must not rejoin.
  }, [key, queryClient]);
}
