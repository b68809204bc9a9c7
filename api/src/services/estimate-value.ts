// The valuation page's answer: decode the VIN offline, value the car from comparable sales, and explain the result
// in the spec's response shape.
import type { Sql } from 'postgres';
import { VALUATION_CONFIDENCE_HIGH, VALUATION_CONFIDENCE_LOW, formatCents, valueCar, type ValuationResponse } from '@app/shared';
import { DomainError } from '../domain-errors.js';
import { loadComparables } from './cars.js';
import { decodeVin } from './vin-decoder.js';

const REGION_NAMES: Record<string, string> = {
  '0': 'Northeast', '1': 'Northeast', '2': 'Mid-Atlantic', '3': 'Southeast', '4': 'Midwest', '5': 'Upper Midwest',
  '6': 'Central', '7': 'South Central', '8': 'Mountain West', '9': 'West Coast',
};

export async function estimateValue(sql: Sql, input: { vin: string; mileage: number; zip: string }): Promise<ValuationResponse> {
  const decoded = await decodeVin(input.vin);
  if (!decoded.make || !decoded.model || !decoded.year) {
    throw new DomainError(422, 'Unable to analyze vehicle. Please check the VIN and try again.');
  }
  const subject = { year: decoded.year, make: decoded.make, model: decoded.model, mileage: input.mileage, condition: 'Good', zip: input.zip };
  const comparables = await loadComparables(sql, decoded.make, decoded.model);
  const v = valueCar(subject, comparables, new Date().getUTCFullYear());
  const level = v.confidence > VALUATION_CONFIDENCE_HIGH ? ' (High)' : v.confidence < VALUATION_CONFIDENCE_LOW ? ' (Low)' : '';
  const demand = v.comparablesUsed >= 4 && v.daysToSell <= 14 ? 'High' : v.comparablesUsed >= 2 ? 'Moderate' : 'Low';
  const month = new Date().getUTCMonth();
  const seasonal = month >= 2 && month <= 7 ? 'Positive: spring and summer demand lifts prices' : 'Neutral: autumn and winter demand is steadier';
  const region = REGION_NAMES[input.zip[0] ?? ''] ?? 'Your region';
  const basis = v.comparablesUsed
    ? `${v.comparablesUsed} comparable sale${v.comparablesUsed > 1 ? 's' : ''} on this platform`
    : 'a depreciation model for this make (no comparable sales yet)';
  return {
    vehicle_details: {
      year: decoded.year,
      make: decoded.make,
      model: decoded.model,
      body_class: decoded.bodyClass ?? 'Unknown',
      engine: decoded.engine ?? 'Unknown',
    },
    vin_analysis: { manufacturer: decoded.manufacturer ?? decoded.make },
    estimated_value_range: `${formatCents(v.lowCents)} - ${formatCents(v.highCents)}`,
    confidence: `${v.confidence}%${level}`,
    market_analysis: {
      demand_level: demand,
      seasonal_impact: seasonal,
      regional_preference: `${region}: ${v.breakdown.marketCents >= 0 ? '+' : '-'}${formatCents(Math.abs(v.breakdown.marketCents))} regional adjustment`,
    },
    summary: `A ${decoded.year} ${decoded.make} ${decoded.model} with ${input.mileage.toLocaleString('en-US')} miles is estimated at ${formatCents(v.valueCents)}, based on ${basis}.`,
    investment_advice:
      v.confidence >= VALUATION_CONFIDENCE_LOW
        ? `Expect about ${v.daysToSell} days to sell. Bidding up to ${formatCents(Math.round(v.valueCents * 0.9))} leaves room for a profitable resale.`
        : 'Few comparable sales: treat this estimate as a starting point and get an inspection before bidding.',
  };
}
