// The dashboard watchlist's advice: the current price against the valuation model's estimate for the car.
import { formatCents } from '../money.js';

export type Recommendation = 'Strong Buy' | 'Buy' | 'Hold';

/** At or under 85 % of the estimate is a Strong Buy, at or under 95 % a Buy; anything dearer is Hold. */
export function recommend(
  priceCents: number,
  estimateCents: number,
): { recommendation: Recommendation; reason: string } {
  if (estimateCents <= 0) return { recommendation: 'Hold', reason: 'No estimate for this car yet' };
  const pct = Math.round((priceCents * 100) / estimateCents);
  const versus = `${formatCents(priceCents)} is ${pct}% of the estimated ${formatCents(estimateCents)}`;
  if (pct <= 85) return { recommendation: 'Strong Buy', reason: `${versus}: well below its value` };
  if (pct <= 95) return { recommendation: 'Buy', reason: `${versus}: below its value` };
  return { recommendation: 'Hold', reason: `${versus}: little room left` };
}
