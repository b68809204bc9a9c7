// Live auction state fed by the socket. Bid-state events carry the sequence number of the auction's stream: older
// ones are ignored, and a jump past the next expected number marks the auction stale so the page refetches it.
// The room's online count (from the join answer and presence messages) is kept beside it for the chat.
import { create } from 'zustand';
import type { Auction, EventOf } from '@app/shared';

export interface LiveAuction {
  currentBid: string;
  bidCount: number;
  endTime: string;
  status: Auction['status'];
  reserveStatus: 'none' | 'met' | 'not-met';
  seq: number;
  extendedAt?: number;
  closedOutcome?: Auction['status'];
  winningAmount?: string | null;
  bids: { id: number; amount: string; bidderName: string; timestamp: string; proxy?: boolean }[];
  stale: boolean;
}

export type BidStateEvent =
  EventOf<'bid.placed'> | EventOf<'auction.extended'> | EventOf<'auction.closed'> | EventOf<'auction.opened'>;

interface LiveState {
  auctions: Record<number, LiveAuction>;
  online: Record<number, number>;
  seed(auctionId: number, s: Omit<LiveAuction, 'stale' | 'bids'> & { bids?: LiveAuction['bids'] }): void;
  apply(auctionId: number, e: BidStateEvent): void;
  setOnline(auctionId: number, n: number): void;
}

export function applyEvent(a: LiveAuction, e: BidStateEvent): LiveAuction {
  if (e.seq <= a.seq) return a;
  const gap = e.seq > a.seq + 1;
  const next: LiveAuction = { ...a, seq: e.seq, stale: a.stale || gap };
  switch (e.type) {
    case 'bid.placed':
      return {
        ...next,
        currentBid: e.currentBid,
        bidCount: e.bidCount,
        endTime: e.endTime,
        reserveStatus: e.reserveStatus,
        bids: [
          { id: e.bidId, amount: e.amount, bidderName: e.bidderName, timestamp: e.at, proxy: e.proxy === true },
          ...a.bids,
        ].slice(0, 20),
      };
    case 'auction.extended':
      return { ...next, endTime: e.endTime, extendedAt: Date.now() };
    case 'auction.closed':
      return {
        ...next,
        status: e.outcome,
        closedOutcome: e.outcome,
        winningAmount: e.winningAmount,
        currentBid: e.winningAmount ?? a.currentBid,
      };
    case 'auction.opened':
      return { ...next, status: 'active', endTime: e.endTime };
  }
}

export const useLiveAuctions = create<LiveState>((set) => ({
  auctions: {},
  online: {},
  seed: (auctionId, s) =>
    set((st) => {
      const prev = st.auctions[auctionId];
      // A snapshot older than what events already told us must not roll the state back.
      if (prev && prev.seq > s.seq) return st;
      return { auctions: { ...st.auctions, [auctionId]: { ...s, bids: s.bids ?? prev?.bids ?? [], stale: false } } };
    }),
  apply: (auctionId, e) =>
    set((st) => {
      const prev = st.auctions[auctionId];
      if (!prev) return st;
      return { auctions: { ...st.auctions, [auctionId]: applyEvent(prev, e) } };
    }),
  setOnline: (auctionId, n) => set((st) => ({ online: { ...st.online, [auctionId]: n } })),
}));

/** How many people have the auction open, as the gateway last said (undefined before the first answer). */
export const useOnlineCount = (auctionId: number) => useLiveAuctions((s) => s.online[auctionId]);
