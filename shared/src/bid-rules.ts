import { MIN_BID_INCREMENT_CENTS, SOFT_CLOSE_WINDOW_MS } from './constants.js';

/** The lowest acceptable next bid: the starting bid for the first, then current + 1000. */
export function minimumNextBidCents(currentBidCents: number, startingBidCents: number, bidCount: number): number {
  return bidCount === 0 ? startingBidCents : currentBidCents + MIN_BID_INCREMENT_CENTS;
}

/** Soft close: a bid inside the final window moves the end to one window after the bid. */
export function extendedEndTime(endTimeMs: number, bidAtMs: number): number {
  const proposed = bidAtMs + SOFT_CLOSE_WINDOW_MS;
  return proposed > endTimeMs ? proposed : endTimeMs;
}

export function reserveStatus(reserveCents: number | null, currentBidCents: number, bidCount: number) {
  if (reserveCents === null) return 'none' as const;
  return bidCount > 0 && currentBidCents >= reserveCents ? ('met' as const) : ('not-met' as const);
}
