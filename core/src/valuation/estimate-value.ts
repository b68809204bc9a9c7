// The valuation page's answer: decode the VIN offline, value the car from comparable sales (the market reference data
// and this marketplace's own closed sales), and explain the result in the spec's response shape.
import type { Sql } from 'postgres';
import {
  countOf,
  VALUATION_CONFIDENCE_HIGH,
  VALUATION_CONFIDENCE_LOW,
  formatCents,
  toValuationReport,
  valueCar,
  type Valuation,
  type ValuationModel,
  type ValuationResponse,
} from '@app/shared';
import { DomainError } from '../errors.js';
import { assertFeatureOn } from '../settings/marketplace-settings.js';
import type { PlatformSales } from './platform-sales.js';
import type { VinDecoder } from '../vin/vin-decoder.js';

const KIND_WORDS = {
  'platform sale': 'sold here',
  'auction sale': 'auction sale',
  'asking price': 'asking price',
  'auction sale (wholesale)': 'wholesale sale',
} as const;

export type ValuationDeps = { sql: Sql; vinDecoder: VinDecoder; model: ValuationModel; platformSales: PlatformSales };

/** The one valuation of a car by its VIN, shared by the valuation page and the trade-in offer. */
export async function valueVin(
  deps: ValuationDeps,
  input: { vin: string; mileage: number; trim?: string | undefined },
) {
  const decoded = await deps.vinDecoder.decode(input.vin).catch(() => null);
  if (!decoded?.make || !decoded.model || !decoded.year) {
    throw new DomainError(422, 'Unable to analyze vehicle. Please check the VIN and try again.');
  }
  const trim = input.trim || decoded.trim || '';
  const car = {
    year: decoded.year,
    make: decoded.make,
    model: decoded.model,
    trim,
    bodyClass: decoded.bodyClass,
    mileage: input.mileage,
  };
  const platformSales = await deps.platformSales.forMake(decoded.make);
  const v = valueCar(deps.model, car, { asOf: new Date().toISOString(), platformSales });
  return { decoded: { ...decoded, year: decoded.year, make: decoded.make, model: decoded.model }, trim, v };
}

/** Demand read from how many well-weighted comparables sold in the last 12 months. */
export function demandOf(v: Valuation): { recent: number; demand: 'High' | 'Moderate' | 'Low' } {
  const recent = v.comparables.filter(
    (c) => c.date && Date.now() - Date.parse(c.date) < 365 * 86_400_000 && c.weight >= 0.02,
  ).length;
  return { recent, demand: recent >= 8 ? 'High' : recent >= 3 ? 'Moderate' : 'Low' };
}

export async function estimateValue(
  deps: ValuationDeps,
  input: { vin: string; mileage: number; zip: string; trim?: string | undefined },
): Promise<ValuationResponse> {
  await assertFeatureOn(deps.sql, 'aiValuation');
  const { decoded, trim, v } = await valueVin(deps, input);
  const level =
    v.confidence > VALUATION_CONFIDENCE_HIGH ? ' (High)' : v.confidence < VALUATION_CONFIDENCE_LOW ? ' (Low)' : '';
  const { recent, demand } = demandOf(v);
  const name = `${decoded.year} ${decoded.make} ${decoded.model}${trim ? ` ${trim}` : ''}`;
  const top = v.comparables[0];
  return {
    vehicle_details: {
      year: decoded.year,
      make: decoded.make,
      model: trim ? `${decoded.model} ${trim}` : decoded.model,
      body_class: decoded.bodyClass ?? 'Unknown',
      engine: decoded.engine ?? 'Unknown',
    },
    vin_analysis: { manufacturer: decoded.manufacturer ?? decoded.make },
    estimated_value_range: `${formatCents(v.lowCents)} - ${formatCents(v.highCents)}`,
    confidence: `${v.confidence}%${level}`,
    market_analysis: {
      demand_level: `${demand}: ${countOf(recent, 'comparable sale')} in the last 12 months`,
      seasonal_impact: 'Not priced: the market data shows no seasonal pattern the model could fit',
      regional_preference: 'Not priced: the market data records no location, so no regional adjustment is applied',
    },
    summary:
      `A ${name} with ${input.mileage.toLocaleString('en-US')} miles is estimated at ${formatCents(v.valueCents)}, based on ${v.basis}.` +
      (top
        ? ` Closest: a ${top.year} ${top.model} ${top.trim} (${KIND_WORDS[top.kind]}, ${formatCents(top.priceCents)}).`
        : '') +
      (v.trimKnown ? '' : ' The trim is unknown, which widens the range: give it for a sharper estimate.'),
    investment_advice:
      v.confidence >= VALUATION_CONFIDENCE_LOW
        ? `About 8 in 10 cars like this sell between ${formatCents(v.lowCents)} and ${formatCents(v.highCents)}. Bidding up to ${formatCents(Math.round(v.valueCents * 0.9))} leaves room for a profitable resale.`
        : `Few comparable sales (${v.basis}): treat this estimate as a starting point and get an inspection before bidding.`,
    valuation: toValuationReport(v),
  };
}
