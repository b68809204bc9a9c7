// The shared standing rules (shared/src/domain/standing.ts) over what a page knows of an auction: the list or detail
// answer, overtaken by the live store once the socket has told it more.
import { auctionStanding, toCents, type Auction, type Standing } from '@app/shared';

export interface StandingInput {
  status: Auction['status'];
  endTime: string;
  startingBid: string;
  currentBid: string;
  bidCount: number;
  winningAmount?: string | null;
}

export function standingOf(a: StandingInput, nowMs: number): Standing {
  return auctionStanding(
    {
      status: a.status,
      endTimeMs: Date.parse(a.endTime),
      startingBidCents: toCents(a.startingBid),
      currentBidCents: toCents(a.currentBid),
      bidCount: a.bidCount,
      winningCents: a.winningAmount ? toCents(a.winningAmount) : null,
    },
    nowMs,
  );
}
