// Verified bidders: who may bid (a verified card, or an admin's exemption), how much is held on their card for an
// auction (the buyer's premium of the most they have offered there), and how a hold moves (placed, raised, then
// released or captured, never back). The use cases in core/src/payments decide with these; docs/offers.md tells the rules.
import { saleFees, type FeeSchedule } from './fees.js';
import { ALLOWED, refuse, type Verdict } from './refusal.js';

/** The answer to a bid by a member with no verified card: the bid form shows it with a link to add one. */
export const CARD_REQUIRED_MESSAGE =
  'Add a card before your first bid: a hold for the buyer’s premium is placed on it and released if you do not win.';
/** Where the bid form sends a member who needs a card. */
export const ADD_CARD_PATH = '/dashboard#card';

export type CardStatus = 'pending' | 'verified' | 'failed';

export interface BidderStanding {
  /** An admin exempted them (a dealer account). */
  exempt: boolean;
  /** Their saved card's status, null without one. */
  cardStatus: CardStatus | null;
}

/** A member bids with a verified card, or exempt; anyone else is sent to add a card first. */
export function decideBidderVerification(b: BidderStanding): Verdict {
  if (b.exempt || b.cardStatus === 'verified') return ALLOWED;
  return refuse('forbidden', CARD_REQUIRED_MESSAGE);
}

/** Whether a bid needs a hold at all: an exempt member's never do. */
export const needsHold = (b: BidderStanding) => !b.exempt;

/**
 * What is held for a bid: the buyer's premium of the most the member offers (their amount, or their maximum when they
 * set one higher), since a maximum may win at any price up to it.
 */
export function holdAmountCents(bid: { amountCents: number | null; maxCents: number | null }, schedule: FeeSchedule) {
  const top = Math.max(bid.amountCents ?? 0, bid.maxCents ?? 0);
  return saleFees(top, schedule).buyersPremiumCents;
}

/** What to ask the provider for before a bid: nothing (the live hold covers it), a new hold, or raising the live one. */
export type HoldStep =
  { kind: 'none' } | { kind: 'place'; amountCents: number } | { kind: 'raise'; amountCents: number };

export function decideHoldStep(live: { amountCents: number } | null, neededCents: number): HoldStep {
  if (neededCents <= 0) return { kind: 'none' };
  if (!live) return { kind: 'place', amountCents: neededCents };
  return neededCents > live.amountCents ? { kind: 'raise', amountCents: neededCents } : { kind: 'none' };
}

export type HoldStatus = 'placed' | 'released' | 'captured';
export type HoldTransitionKind = 'placed' | 'raised' | 'released' | 'captured';

export interface HoldState {
  status: HoldStatus;
  amountCents: number;
}

/**
 * A transition the provider reports (by its answer or by a webhook, either first, replayed or out of order) applied to
 * the stored hold: released and captured are final, and the amount only goes up, so an older event arriving after a
 * newer one changes nothing. `null`: nothing changes.
 */
export function applyHoldTransition(
  current: HoldState,
  t: { kind: HoldTransitionKind; amountCents: number },
): HoldState | null {
  if (current.status !== 'placed') return null;
  switch (t.kind) {
    case 'placed':
    case 'raised':
      return t.amountCents > current.amountCents ? { status: 'placed', amountCents: t.amountCents } : null;
    case 'released':
      return { status: 'released', amountCents: current.amountCents };
    case 'captured':
      return { status: 'captured', amountCents: current.amountCents };
  }
}

/**
 * Whether a live hold should be let go: the auction ended and someone else won, or the member is outbid for good
 * (not leading and their maximum, if any, is below the current bid, so no proxy bid can bring them back).
 */
export function holdIsSpent(h: {
  auctionActive: boolean;
  winnerId: number | null;
  userId: number;
  leaderId: number | null;
  maxCents: number | null;
  currentBidCents: number;
}): boolean {
  if (!h.auctionActive) return h.winnerId !== h.userId;
  if (h.leaderId === h.userId) return false;
  return h.maxCents === null || h.maxCents <= h.currentBidCents;
}

/** What is captured at a win: the buyer's premium of the final price, never more than was held. */
export function captureAmountCents(heldCents: number, priceCents: number, schedule: FeeSchedule): number {
  return Math.min(heldCents, saleFees(priceCents, schedule).buyersPremiumCents);
}

/**
 * The sandbox's cards for saving (setup intents) and holding, as a real provider documents them: one saves and holds,
 * one is declined when saved, one saves but declines every hold (Stripe's 4000 0000 0000 0341).
 */
export const SANDBOX_SETUP_CARDS = [
  { number: '4242424242424242', brand: 'visa', setup: 'succeeded', holds: 'succeeded', label: 'Visa, holds succeed' },
  { number: '5555555555554444', brand: 'mastercard', setup: 'succeeded', holds: 'succeeded', label: 'Mastercard' },
  { number: '4000000000000002', brand: 'visa', setup: 'declined', holds: 'declined', label: 'Visa, card declined' },
  { number: '4000000000000341', brand: 'visa', setup: 'succeeded', holds: 'declined', label: 'Visa, holds declined' },
] as const;

export function sandboxSetupOutcome(
  cardNumber: string,
): { ok: true; brand: string; last4: string } | { ok: false; reason: string } {
  const digits = cardNumber.replace(/[\s-]/g, '');
  const card = SANDBOX_SETUP_CARDS.find((c) => c.number === digits);
  if (!card) return { ok: false, reason: 'Your card was declined: the sandbox accepts only its test cards' };
  if (card.setup === 'declined') return { ok: false, reason: 'Your card was declined' };
  return { ok: true, brand: card.brand, last4: digits.slice(-4) };
}

/** Whether the sandbox authorizes a hold on a saved card (known by its last four digits). */
export const sandboxHoldsDeclined = (last4: string) =>
  SANDBOX_SETUP_CARDS.some((c) => c.holds === 'declined' && c.setup === 'succeeded' && c.number.endsWith(last4));
