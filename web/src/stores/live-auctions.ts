// Live auction state fed by the socket. Events carry the auction's seq: older ones are ignored, and a jump past the
// next expected number marks the auction stale so the page refetches it.
import { create } from 'zustand';
import type { AuctionSnapshot, ChatMessageEvent } from '@app/shared';

export interface LiveAuction {
  currentBid: string;
  bidCount: number;
  endTime: string;
  status: string;
  reserveStatus: 'none' | 'met' | 'not-met';
  seq: number;
  extendedAt?: number;
  closedOutcome?: string;
  bids: { id: number; amount: string; bidderName: string; timestamp: string }[];
  stale: boolean;
}

type AnyEvent =
  | { type: 'bid.placed'; seq: number; bidId: number; amount: string; currentBid: string; bidCount: number; endTime: string; bidderName: string; reserveStatus: LiveAuction['reserveStatus']; at: string }
  | { type: 'auction.extended'; seq: number; endTime: string }
  | { type: 'auction.closed'; seq: number; outcome: string; winningAmount: string | null }
  | { type: 'chat.message' | 'comment.posted'; seq: number };

interface LiveState {
  auctions: Record<number, LiveAuction>;
  online: Record<number, number>;
  chat: Record<number, ChatMessageEvent[]>;
  seed(auctionId: number, s: Omit<LiveAuction, 'stale' | 'bids'> & { bids?: LiveAuction['bids'] }): void;
  apply(auctionId: number, e: AnyEvent): void;
  setOnline(auctionId: number, n: number): void;
  pushChat(e: ChatMessageEvent): void;
}

export function applyEvent(a: LiveAuction, e: AnyEvent): LiveAuction {
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
        bids: [{ id: e.bidId, amount: e.amount, bidderName: e.bidderName, timestamp: e.at }, ...a.bids].slice(0, 20),
      };
    case 'auction.extended':
      return { ...next, endTime: e.endTime, extendedAt: Date.now() };
    case 'auction.closed':
      return { ...next, status: e.outcome, closedOutcome: e.outcome };
    default:
      return next;
  }
}

export const useLiveAuctions = create<LiveState>((set) => ({
  auctions: {},
  online: {},
  chat: {},
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
  pushChat: (e) => set((st) => ({ chat: { ...st.chat, [e.auctionId]: [...(st.chat[e.auctionId] ?? []), e].slice(-200) } })),
}));

export type { AuctionSnapshot };
