// The trade-in offer rule: how a firm offer follows from the valuation, and which lien payoff dates are acceptable.
// The valuation model prices make, model, trim, year and mileage from comparable sales but not condition (sales data
// does not record it), so the condition step is this rule's: a dealer buying a fair or poor car pays for its
// reconditioning. The margin covers reconditioning, holding and resale risk; a lien is paid off out of the offer,
// using the spec's 10-day payoff (today's payoff plus ten days of per diem interest).
import { TRADE_IN_CONDITIONS } from '../constants.js';
import { isCalendarDate } from './calendar.js';

export type TradeInCondition = (typeof TRADE_IN_CONDITIONS)[number];

/** Spec part 2: "firm offer valid 7 days". */
export const TRADE_IN_OFFER_VALID_DAYS = 7;
/** Spec part 2: "10-day payoff required from the lienholder". */
export const TRADE_IN_PAYOFF_DAYS = 10;
/** Condition against the valuation (which assumes an average car for its mileage), in basis points. */
export const TRADE_IN_CONDITION_BPS: Record<TradeInCondition, number> = {
  excellent: 300,
  good: 0,
  fair: -800,
  poor: -2000,
};
/** The dealer's margin: 12% of the condition-adjusted value, never less than $750. */
export const TRADE_IN_MARGIN_BPS = 1200;
export const TRADE_IN_MIN_MARGIN_CENTS = 750_00;

export interface TradeInOfferInput {
  valueCents: number;
  condition: TradeInCondition;
  lien?: { payoffCents: number; perDiemCents: number } | undefined;
  now: Date;
}

export interface TradeInOffer {
  conditionAdjustmentCents: number;
  /** The valuation with the condition step applied: what the car is worth to a retail buyer. */
  estimatedValueCents: number;
  marginCents: number;
  /** What the lienholder is paid: payoff plus TRADE_IN_PAYOFF_DAYS of per diem; 0 without a lien. */
  lienPayoffCents: number;
  /** Paid to the owner; never below 0 (negative equity is reported, not offered). */
  offerCents: number;
  /** estimated value - margin - lien payoff; negative when the loan is larger than the car's trade value. */
  equityCents: number;
  validUntil: Date;
}

const bpsOf = (cents: number, bps: number) => Math.sign(bps) * Math.floor((cents * Math.abs(bps) + 5000) / 10000);

export function tradeInOffer(input: TradeInOfferInput): TradeInOffer {
  const conditionAdjustmentCents = bpsOf(input.valueCents, TRADE_IN_CONDITION_BPS[input.condition]);
  const estimatedValueCents = Math.max(0, input.valueCents + conditionAdjustmentCents);
  const marginCents = Math.min(
    estimatedValueCents,
    Math.max(TRADE_IN_MIN_MARGIN_CENTS, bpsOf(estimatedValueCents, TRADE_IN_MARGIN_BPS)),
  );
  const lienPayoffCents = input.lien ? input.lien.payoffCents + TRADE_IN_PAYOFF_DAYS * input.lien.perDiemCents : 0;
  const equityCents = estimatedValueCents - marginCents - lienPayoffCents;
  // Offers are whole dollars, rounded down: a firm figure, not a computed one with cents.
  const offerCents = Math.max(0, Math.floor(equityCents / 100) * 100);
  const validUntil = new Date(input.now.getTime() + TRADE_IN_OFFER_VALID_DAYS * 86_400_000);
  return {
    conditionAdjustmentCents,
    estimatedValueCents,
    marginCents,
    lienPayoffCents,
    offerCents,
    equityCents,
    validUntil,
  };
}

/** The calendar date (YYYY-MM-DD, UTC) of an instant, the unit payoff dates are compared in. */
export const utcDate = (at: Date) => at.toISOString().slice(0, 10);

/** Why a lien payoff valid-through date is refused, or null: a payoff quote that already lapsed cannot be used. */
export function payoffDateProblem(validThrough: string, today: string): string | null {
  if (!isCalendarDate(validThrough)) return 'Payoff valid-through date must be a date (YYYY-MM-DD)';
  return validThrough < today ? 'Payoff valid-through date cannot be before today' : null;
}

/** Who may still act on an offer, and why not. */
export function offerActionProblem(offer: { status: string; validUntil: Date }, now: Date): string | null {
  if (offer.status === 'accepted') return 'This offer has already been accepted';
  if (offer.status === 'declined') return 'This offer has been declined';
  if (offer.status === 'expired' || offer.validUntil.getTime() <= now.getTime()) return 'This offer has expired';
  return null;
}
