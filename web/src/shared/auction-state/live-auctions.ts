// Live auction state fed by the socket. Bid-state events carry the sequence number of the auction's stream: older
// ones are ignored, and a jump past the next expected number marks the auction stale so the page refetches it.
// The room's online count (from the join answer and presence messages) is kept beside it for the chat. The bidder's
// own accepted bid (the 201 answer) goes in as its own `bid.placed` would: the event of that number then adds nothing,
// and the page refetches only when the answer jumps past what the socket told (a gap), never as a matter of course.
import { create } from 'zustand';
import type { Auction, EventOf, PlaceBidResponse } from '@app/shared';

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
  /** The newest first; `bidderId` when an event or the bidder's own answer said it (a snapshot's bids do not). */
  bids: { id: number; amount: string; bidderName: string; bidderId?: number; timestamp: string; proxy?: boolean }[];
  stale: boolean;
}

export type BidStateEvent =
  | EventOf<'bid.placed'>
  | EventOf<'auction.extended'>
  | EventOf<'auction.closed'>
  | EventOf<'auction.opened'>
  | EventOf<'auction.reserve-lowered'>;

interface LiveState {
  auctions: Record<number, LiveAuction>;
  online: Record<number, number>;
  seed(auctionId: number, s: Omit<LiveAuction, 'stale' | 'bids'> & { bids?: LiveAuction['bids'] }): void;
  apply(auctionId: number, e: BidStateEvent): void;
  setOnline(auctionId: number, n: number): void;
  /** Puts the bidder's own accepted bid in; true when the page must refetch (no live state yet, or a gap). */
  placedOwn(bid: PlaceBidResponse, bidderName: string): boolean;
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
          {
            id: e.bidId,
            amount: e.amount,
            bidderName: e.bidderName,
            bidderId: e.bidderId,
            timestamp: e.at,
            proxy: e.proxy === true,
          },
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
    case 'auction.reserve-lowered':
      return { ...next, reserveStatus: e.reserveStatus };
  }
}

/**
 * The bidder's own accepted bid, from the 201 answer: what its `bid.placed` (same sequence number) will say, so that
 * event adds nothing when it comes. An answer behind what the socket told is ignored; one past the next number marks
 * the auction stale, as a skipped event does.
 */
export function applyOwnBid(a: LiveAuction, r: PlaceBidResponse, bidderName: string): LiveAuction {
  if (r.seq <= a.seq) return a;
  return {
    ...a,
    seq: r.seq,
    stale: a.stale || r.seq > a.seq + 1,
    currentBid: r.currentBid,
    bidCount: r.bidCount,
    endTime: r.endTime,
    // An answer without it (an older server) leaves the reserve as the page knew it until the next event.
    reserveStatus: r.reserveStatus ?? a.reserveStatus,
    bids: [
      {
        id: r.id,
        amount: r.amount,
        bidderName: r.bidderName ?? bidderName,
        bidderId: r.userId,
        timestamp: r.timestamp,
        proxy: r.proxy === true,
      },
      ...a.bids,
    ].slice(0, 20),
  };
}

export const useLiveAuctions = create<LiveState>((set, get) => ({
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
  placedOwn: (bid, bidderName) => {
    const prev = get().auctions[bid.auctionId];
    if (!prev) return true;
    const next = applyOwnBid(prev, bid, bidderName);
    if (next !== prev) set((st) => ({ auctions: { ...st.auctions, [bid.auctionId]: next } }));
    return next.stale;
  },
}));

/** How many people have the auction open, as the gateway last said (undefined before the first answer). */
export const useOnlineCount = (auctionId: number) => useLiveAuctions((s) => s.online[auctionId]);
