// When a bid alert fires (spec part 2 section 4; the outbid rule is ours).
import { ALERT_ENDING_SOON_MINUTES } from '../constants.js';

export interface AlertState {
  alertType: 'outbid' | 'priceTarget' | 'timeRemaining' | 'endingSoon';
  priceTargetCents?: number;
  timeThresholdMinutes: number;
}

export interface AuctionFacts {
  currentBidCents: number;
  msLeft: number;
  /** The alert owner's highest bid on this auction, if any. */
  ownerHighestBidCents: number | null;
  /** Who holds the current high bid. */
  leaderId: number | null;
  ownerId: number;
}

export function alertFires(alert: AlertState, a: AuctionFacts): boolean {
  const minutesLeft = a.msLeft / 60_000;
  switch (alert.alertType) {
    case 'priceTarget':
      return alert.priceTargetCents !== undefined && a.currentBidCents >= alert.priceTargetCents;
    case 'timeRemaining':
      return minutesLeft > 0 && minutesLeft <= alert.timeThresholdMinutes;
    case 'endingSoon':
      return minutesLeft > 0 && minutesLeft <= ALERT_ENDING_SOON_MINUTES;
    case 'outbid':
      return a.ownerHighestBidCents !== null && a.leaderId !== a.ownerId && a.currentBidCents > a.ownerHighestBidCents;
  }
}
