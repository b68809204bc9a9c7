// The history report's market values, all read from one valuation of the car (the listing's AI value when it has one):
// retail is the valuation itself, trade-in is what the trade-in page would offer for a car in good condition, and
// certified adds the premium a dealer's certified pre-owned warranty and inspection fetch. So trade-in < retail <
// certified always, and no figure belongs to another car.
import { tradeInOffer } from './trade-in-offer.js';

/** A certified pre-owned car's premium over retail, in basis points (dealer CPO premiums run about 5-10%). */
export const CERTIFIED_PREMIUM_BPS = 700;

export interface MarketValuesCents {
  tradeInCents: number;
  retailCents: number;
  certifiedCents: number;
}

/** null when there is nothing to state: no valuation, or a car worth less than a dealer's margin (no trade-in offer). */
export function marketValues(retailCents: number | null, now: Date): MarketValuesCents | null {
  if (retailCents === null || !Number.isFinite(retailCents) || retailCents <= 0) return null;
  const tradeInCents = tradeInOffer({ valueCents: retailCents, condition: 'good', now }).offerCents;
  if (tradeInCents <= 0) return null;
  const certifiedCents = retailCents + Math.max(100, Math.round((retailCents * CERTIFIED_PREMIUM_BPS) / 10_000));
  return { tradeInCents, retailCents, certifiedCents };
}
