// The valuation model: a base value for make/model/year from comparable closed sales, falling back on a documented
// depreciation prior when comparables are few; then condition, mileage and regional adjustments. Pure and explainable:
// it returns its breakdown, so trade-in and the valuation page can show how the number came about.

/** Typical new price by make, in dollars: the prior when the platform has few sales of a model (sample figures). */
export const NEW_PRICE_PRIOR_USD: Record<string, number> = {
  Ferrari: 300_000, Lamborghini: 280_000, Porsche: 125_000, 'Mercedes-Benz': 95_000, BMW: 78_000, Audi: 82_000,
  Ford: 58_000, Chevrolet: 62_000, Toyota: 46_000, Honda: 38_000,
};
const DEFAULT_NEW_PRICE_USD = 50_000;
/** Yearly depreciation of the prior. */
export const PRIOR_DEPRECIATION_PER_YEAR = 0.12;
export const REFERENCE_MILES_PER_YEAR = 12_000;
/** Value change per 1,000 miles above (or below) the reference mileage for the car's age. */
export const MILEAGE_FACTOR_PER_1000 = 0.004;
export const CONDITION_FACTORS: Record<string, number> = {
  excellent: 1.05, 'very good': 1.0, good: 0.95, fair: 0.85, poor: 0.7,
};
/** First ZIP digit -> regional demand factor (coasts and sun belt pay slightly more for enthusiast cars). */
const REGION_FACTORS: Record<string, number> = { '0': 1.01, '1': 1.01, '2': 1.0, '3': 1.02, '4': 0.98, '5': 0.97, '6': 0.98, '7': 1.0, '8': 1.01, '9': 1.03 };

export interface ValuationSubject {
  year: number;
  make: string;
  model: string;
  mileage: number;
  condition: string;
  zip?: string;
}

export interface Comparable {
  year: number;
  make: string;
  model: string;
  mileage: number;
  condition: string;
  priceCents: number;
  daysToSell?: number;
}

export interface Valuation {
  valueCents: number;
  lowCents: number;
  highCents: number;
  confidence: number;
  daysToSell: number;
  comparablesUsed: number;
  breakdown: { baseCents: number; conditionCents: number; mileageCents: number; marketCents: number };
}

const conditionFactor = (c: string) => CONDITION_FACTORS[c.trim().toLowerCase()] ?? 0.95;
const mileageFactor = (mileage: number, age: number) =>
  Math.max(0.5, 1 - (MILEAGE_FACTOR_PER_1000 * (mileage - REFERENCE_MILES_PER_YEAR * Math.max(age, 1))) / 1000);

function priorBaseCents(s: ValuationSubject, currentYear: number): number {
  const newPrice = NEW_PRICE_PRIOR_USD[s.make] ?? DEFAULT_NEW_PRICE_USD;
  const age = Math.max(0, currentYear - s.year);
  return Math.round(newPrice * 100 * (1 - PRIOR_DEPRECIATION_PER_YEAR) ** age);
}

/** A comparable's price brought to the subject's year, at reference mileage and "Very Good" condition. */
function normalized(c: Comparable, s: ValuationSubject, currentYear: number): number {
  // A newer comparable is worth more than the subject would be: dividing by (1 - d)^(subject - comparable) discounts it.
  const yearShift = (1 - PRIOR_DEPRECIATION_PER_YEAR) ** (s.year - c.year);
  return c.priceCents / conditionFactor(c.condition) / mileageFactor(c.mileage, currentYear - c.year) / yearShift;
}

export function valueCar(s: ValuationSubject, comparables: Comparable[], currentYear: number): Valuation {
  const comps = comparables.filter(
    (c) => c.make.toLowerCase() === s.make.toLowerCase() && c.model.toLowerCase() === s.model.toLowerCase() && Math.abs(c.year - s.year) <= 4,
  );
  const normals = comps.map((c) => normalized(c, s, currentYear));
  const n = normals.length;
  const mean = n ? normals.reduce((a, b) => a + b, 0) / n : 0;
  const sd = n > 1 ? Math.sqrt(normals.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : 0;
  // Comparables and the prior are blended: three sales already outweigh the prior, one sale only tempers it.
  const weight = n / (n + 2);
  const prior = priorBaseCents(s, currentYear);
  const base = Math.round(weight * mean + (1 - weight) * prior);

  const age = Math.max(0, currentYear - s.year);
  const afterCondition = base * conditionFactor(s.condition);
  const afterMileage = afterCondition * mileageFactor(s.mileage, age);
  const region = s.zip ? REGION_FACTORS[s.zip[0] ?? ''] ?? 1 : 1;
  const value = Math.round(afterMileage * region);

  // Confidence grows with the number of comparables and falls with their spread.
  const cv = n > 1 && mean > 0 ? sd / mean : 0.25;
  const confidence = Math.round(Math.min(97, Math.max(20, 35 + 16 * Math.log2(1 + n) - 120 * cv)));
  const spread = Math.max(0.04, Math.min(0.3, cv || 0.2));
  const days = comps.map((c) => c.daysToSell).filter((d): d is number => d !== undefined).sort((a, b) => a - b);
  return {
    valueCents: value,
    lowCents: Math.round(value * (1 - spread)),
    highCents: Math.round(value * (1 + spread)),
    confidence,
    daysToSell: days.length ? days[Math.floor(days.length / 2)]! : 21,
    comparablesUsed: n,
    breakdown: {
      baseCents: base,
      conditionCents: Math.round(afterCondition - base),
      mileageCents: Math.round(afterMileage - afterCondition),
      marketCents: Math.round(value - afterMileage),
    },
  };
}
