// Where an auction stands for the people looking at it: which price its box shows and under which label, the lowest
// bid the server accepts next, and how it ended. Every page (cards, listing, dashboard) asks here, so no page shows
// "$0" for an auction without bids or a countdown for a car that is already sold.
import type { AUCTION_STATUSES } from '../constants.js';
import { formatCents } from '../money.js';
import { BID_TEXTS, amountVerdict, minimumNextBidCents } from './bidding.js';
import { hasEnded } from './eligibility.js';

export interface StandingAuction {
  status: (typeof AUCTION_STATUSES)[number];
  endTimeMs: number;
  startingBidCents: number;
  currentBidCents: number;
  bidCount: number;
  /** What the car sold for (a winning bid or the Buy It Now price); null unless it sold. */
  winningCents: number | null;
}

export const PRICE_LABELS = {
  starting: 'Starting bid',
  current: 'Current bid',
  sold: 'Sold for',
  boughtNow: 'Bought now for',
  highest: 'Highest bid',
} as const;
export type PriceLabel = (typeof PRICE_LABELS)[keyof typeof PRICE_LABELS];

export type OutcomeKind = 'sold' | 'bought-now' | 'reserve-not-met' | 'no-bids' | 'closing';

export interface Outcome {
  kind: OutcomeKind;
  /** A word or two for a badge beside the price: "Sold", "Reserve not met". */
  label: string;
  /** One line for a badge or a card: "Sold for $61,000", "Reserve not met". */
  text: string;
}

export interface Standing {
  /** False once the auction ended, by its status or by the clock (the close job may not have run yet). */
  live: boolean;
  price: { label: PriceLabel; cents: number };
  /** The lowest bid the server accepts now; null once nothing can be bid. */
  minimumNextBidCents: number | null;
  /** How it ended; null while live. */
  outcome: Outcome | null;
}

/** How an ended auction ended, in words; null for an auction still open. */
export function auctionOutcome(a: StandingAuction, nowMs: number): Outcome | null {
  switch (a.status) {
    case 'sold':
      return { kind: 'sold', label: 'Sold', text: `Sold for ${formatCents(a.winningCents ?? a.currentBidCents)}` };
    case 'bought-now':
      return {
        kind: 'bought-now',
        label: 'Bought now',
        text: `Sold via Buy It Now for ${formatCents(a.winningCents ?? a.currentBidCents)}`,
      };
    case 'reserve-not-met':
      return { kind: 'reserve-not-met', label: 'Reserve not met', text: 'Reserve not met' };
    case 'no-bids':
      return { kind: 'no-bids', label: 'No bids', text: 'Ended with no bids' };
    case 'active':
      // Past its end by the clock, before the close job has decided: what it sold for is not known yet.
      return hasEnded(a, nowMs) ? { kind: 'closing', label: 'Ended', text: 'Auction ended' } : null;
    case 'pending':
    case 'rejected':
      return null;
  }
}

/** The price an auction's box shows and its label. */
export function auctionPrice(a: StandingAuction): Standing['price'] {
  switch (a.status) {
    case 'sold':
      return { label: PRICE_LABELS.sold, cents: a.winningCents ?? a.currentBidCents };
    case 'bought-now':
      return { label: PRICE_LABELS.boughtNow, cents: a.winningCents ?? a.currentBidCents };
    case 'reserve-not-met':
      return { label: PRICE_LABELS.highest, cents: a.currentBidCents };
    default:
      return a.bidCount === 0
        ? { label: PRICE_LABELS.starting, cents: a.startingBidCents }
        : { label: PRICE_LABELS.current, cents: a.currentBidCents };
  }
}

export function auctionStanding(a: StandingAuction, nowMs: number): Standing {
  const live = !hasEnded(a, nowMs);
  return {
    live,
    price: auctionPrice(a),
    minimumNextBidCents: live ? minimumNextBidCents(a) : null,
    outcome: auctionOutcome(a, nowMs),
  };
}

/** The price an ended auction is listed and sorted by: what it sold for, else its highest bid, else its starting bid. */
export const finalPriceCents = (a: StandingAuction): number => auctionPrice(a).cents;

export const BID_INPUT_TEXTS = {
  notANumber: 'Enter your bid in whole dollars, digits only',
} as const;

/**
 * A typed bid amount checked before any request, with the message of the rule it breaks: not a number, under $1, with
 * cents, too large for any bid, or below the lowest bid the server accepts now.
 */
export function checkBidInput(
  input: string,
  minimumCents: number,
): { ok: true; cents: number } | { ok: false; message: string } {
  const text = input.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { ok: false, message: BID_INPUT_TEXTS.notANumber };
  if (text.startsWith('-') || /^0+(\.0+)?$/.test(text)) return { ok: false, message: BID_TEXTS.atLeastOneDollar };
  const [whole = '', frac = ''] = text.split('.');
  if (/[1-9]/.test(frac)) return { ok: false, message: BID_TEXTS.wholeDollars };
  if (whole.replace(/^0+/, '').length > 8) return { ok: false, message: BID_TEXTS.tooLarge };
  const cents = Number(whole) * 100;
  const verdict = amountVerdict(cents);
  if (!verdict.ok) return { ok: false, message: verdict.refusal.message };
  if (cents < minimumCents) return { ok: false, message: `Bid must be at least ${formatCents(minimumCents)}` };
  return { ok: true, cents };
}
