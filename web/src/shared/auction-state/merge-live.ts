// One rule for what a page shows of an auction, a card and a listing alike: the fetched answer, overtaken by the live
// store once the socket has told it at least as much (its sequence number is not behind the answer's). A winning amount
// only comes with a close, so until one arrives the fetched amount stands.
import type { LiveAuction } from './live-auctions';

interface Fetched {
  seq: number;
  winningAmount: string | null;
}

export type WithLive<T> = T & Partial<Pick<LiveAuction, 'extendedAt' | 'closedOutcome'>>;

export function mergeLive<T extends Fetched>(fetched: T, live: LiveAuction | undefined): WithLive<T> {
  if (!live || live.seq < fetched.seq) return fetched;
  return {
    ...fetched,
    ...live,
    winningAmount: live.winningAmount === undefined ? fetched.winningAmount : live.winningAmount,
  };
}
