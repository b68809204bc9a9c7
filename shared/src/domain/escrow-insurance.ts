// Optional transit insurance on an escrow: one plan with sample rates (the spec names the entity, not the prices),
// covering the sale price while the car travels, bought by the buyer before paying so the premium is paid with the rest.
import type { ESCROW_STATUSES } from '../constants.js';
import { percentOfCents } from '../money.js';
import { ALLOWED, refuse, type Verdict } from './refusal.js';

/** The documented table (docs/escrow.md). Sample rates: no insurer stands behind them. */
export const TRANSIT_INSURANCE = {
  provider: 'Sandbox Transit Insurance',
  coverageType: 'transit',
  /** 1.00% of the covered amount... */
  rateBps: 100,
  /** ...but never less than $150. */
  minimumPremiumCents: 150_00,
  termDays: 30,
} as const;

export function insuranceQuote(amountCents: number): { coverageCents: number; premiumCents: number } {
  return {
    coverageCents: amountCents,
    premiumCents: Math.max(
      TRANSIT_INSURANCE.minimumPremiumCents,
      percentOfCents(amountCents, TRANSIT_INSURANCE.rateBps),
    ),
  };
}

/** Before the payment starts: an intent already made with the provider is for the amount without the premium. */
export function decideInsurance(
  status: (typeof ESCROW_STATUSES)[number],
  actor: string,
  insured: boolean,
  paymentStarted: boolean,
): Verdict {
  if (actor !== 'buyer') return refuse('forbidden', 'Only the buyer can add transit insurance');
  if (insured) return refuse('conflict', 'This transaction is already insured');
  if (paymentStarted && status === 'pending')
    return refuse('conflict', 'Transit insurance is added before the payment starts');
  return status === 'pending'
    ? ALLOWED
    : refuse('conflict', 'Transit insurance is added before the payment, so its premium is paid with it');
}
