// The valuation as it travels: value, range, confidence, breakdown and the comparables behind it, so the valuation
// page, /submit and the trade-in results show the same thing and a user can check the number.
import { z } from 'zod';
import { centsToDecimal } from '../money.js';
import { MARKET_KINDS } from '../valuation/market-data.js';
import type { Valuation } from '../valuation/value-car.js';

/** What the model really weighs, in the words the valuation page shows. */
export const VALUATION_FACTORS = [
  'Make, model and trim (the trim decides most of it)',
  'Model year',
  'Mileage',
  'Body style (coupe, convertible, wagon)',
  'Manual gearbox',
  'Kind of price behind each comparable: auction sale, asking price or wholesale',
  'How recent each comparable is',
  'This marketplace\u2019s own closed sales',
] as const;

const SignedMoneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const ComparableSchema = z.object({
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  mileage: z.number().int().nullable(),
  price: z.string(),
  /** Its price brought to the valued car by the model's fitted adjustments. */
  adjustedPrice: z.string(),
  date: z.string().nullable(),
  kind: z.enum(MARKET_KINDS),
  weight: z.number(),
});
export type ComparableReport = z.infer<typeof ComparableSchema>;

export const ValuationReportSchema = z.object({
  estimatedValue: z.string(),
  low: z.string(),
  high: z.string(),
  confidence: z.number().int().min(0).max(100),
  basis: z.string(),
  comparablesUsed: z.number().int(),
  comparables: z.array(ComparableSchema),
  /** The new-price prior the estimate leans on when the market data has no sales of the model. */
  newPricePriorUsd: z.number().int().nullable(),
  /** Where that new price was published. */
  newPricePriorSource: z.string().nullable(),
  /** The estimate rests on a prior alone or on comparables of another trim family (confidence under 40). */
  littleMarketData: z.boolean(),
  trimKnown: z.boolean(),
  valueBreakdown: z.object({
    baseValue: z.string(),
    mileageAdjustment: SignedMoneySchema,
    conditionAdjustment: SignedMoneySchema,
    marketAdjustment: SignedMoneySchema,
  }),
  factors: z.array(z.string()),
});
export type ValuationReport = z.infer<typeof ValuationReportSchema>;

const signed = (cents: number) => (cents < 0 ? `-${centsToDecimal(-cents)}` : centsToDecimal(cents));

/** The comparables a valuation used, as every page that shows a valuation lists them. */
export function comparableReports(v: Valuation): ComparableReport[] {
  return v.comparables.map((c) => ({
    year: c.year,
    make: c.make,
    model: c.model,
    trim: c.trim,
    mileage: c.mileage,
    price: centsToDecimal(c.priceCents),
    adjustedPrice: centsToDecimal(c.adjustedCents),
    date: c.date,
    kind: c.kind,
    weight: c.weight,
  }));
}

export function toValuationReport(v: Valuation): ValuationReport {
  return {
    estimatedValue: centsToDecimal(v.valueCents),
    low: centsToDecimal(v.lowCents),
    high: centsToDecimal(v.highCents),
    confidence: v.confidence,
    basis: v.basis,
    comparablesUsed: v.comparablesUsed,
    comparables: comparableReports(v),
    newPricePriorUsd: v.newPricePrior?.usd ?? null,
    newPricePriorSource: v.newPricePrior?.source ?? null,
    littleMarketData: v.littleData,
    trimKnown: v.trimKnown,
    valueBreakdown: {
      baseValue: centsToDecimal(v.breakdown.baseCents),
      mileageAdjustment: signed(v.breakdown.mileageCents),
      conditionAdjustment: signed(v.breakdown.conditionCents),
      marketAdjustment: signed(v.breakdown.marketCents),
    },
    factors: [...VALUATION_FACTORS],
  };
}

export const TrimsQuerySchema = z.object({
  make: z.string().trim().min(1).max(40),
  model: z.string().trim().min(1).max(60),
});
export const TrimsResponseSchema = z.object({ trims: z.array(z.string()) });
export type TrimsResponse = z.infer<typeof TrimsResponseSchema>;
