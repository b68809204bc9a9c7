// What the regression sees of a priced car. Shared by fitting and valuing so both describe a car the same way.
import { normaliseCar, type CarName } from './car-names.js';
import type { MarketKind } from './market-data.js';
import { newPricePrior, type PriorLookup, type PriorTable } from './new-price-prior.js';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

/** Undated cars.com listings were listed in 2023 or later (the data's note): taken as mid-2023. */
export const UNDATED_ASKING_DATE = '2023-07-01';

export function decimalYear(isoDate: string): number {
  const t = Date.parse(isoDate);
  const start = Date.UTC(new Date(t).getUTCFullYear(), 0, 1);
  return new Date(t).getUTCFullYear() + (t - start) / YEAR_MS;
}

/** Years since a model year's cars went on sale (about the middle of the year before). */
export function ageAt(year: number, isoDate: string): number {
  return Math.max(0, decimalYear(isoDate) - year + 0.5);
}

/** Mileage enters as log(1 + thousands of miles): the first 10k miles cost more than the tenth 10k. */
export function mileageTerm(mileage: number): number {
  return Math.log1p(mileage / 1000) - 2.5;
}

/**
 * Mileage extremes move prices beyond the log curve: past 80,000 miles a car is a different purchase (wear items due,
 * the warranty long gone), and under 10,000 it is a collector's; each band gets a slope of its own. Past 80,000 miles
 * a sale ('sale:lmi+') falls further than an asking price or a wholesale price does: enthusiast auction buyers pay
 * little for a tired car (held-out auction sales past 80,000 miles were valued 14 % high on the shared slope).
 */
export const HIGH_MILEAGE_TERM = mileageTerm(80_000);
export const LOW_MILEAGE_TERM = mileageTerm(10_000);

/**
 * Between 30,000 and 100,000 miles an auction sale falls faster than the shared curve says ('sale:lmid'), and past
 * it no faster: on the shared curve, 5-fold cross-validated auction sales at 50,000-100,000 miles came out 7-13 %
 * high and those at 15,000-50,000 miles 2-3 % low (the shared slope is mostly asking and wholesale prices, whose
 * buyers discount mileage less steeply in that range than enthusiast auction buyers do).
 */
export const SALE_MILEAGE_BAND = { from: mileageTerm(30_000), to: mileageTerm(100_000) };

/** A car whose mileage was not recorded is taken at 10,000 miles a year. */
export function assumedMileage(mileage: number | null, age: number): number {
  return mileage ?? Math.round(10_000 * Math.max(age, 0.5));
}

/** Price kinds other than a sale each carry a fitted offset; asking prices from 2020 are told apart from today's. */
export function kindFeature(kind: MarketKind, date: string | null): string | null {
  if (kind === 'auction sale' || kind === 'platform sale') return null;
  if (kind === 'asking price' && date !== null && date < '2023-01-01') return 'k:asking price (2020)';
  return `k:${kind}`;
}

export interface DescribedCar {
  name: CarName;
  familyKey: string;
  prior: PriorLookup;
  age: number;
  lmi: number;
  kind: string | null;
  /** The price's date as a decimal year. */
  at: number;
}

export function describeCar(
  car: { year: number; make: string; model: string; trim?: string; bodyClass?: string | null; mileage: number | null },
  kind: MarketKind,
  date: string | null,
  priors: PriorTable,
): DescribedCar {
  const name = normaliseCar(car.make, car.model, car.trim ?? '', car.bodyClass ?? '');
  const at = date ?? UNDATED_ASKING_DATE;
  const age = ageAt(car.year, at);
  return {
    name,
    familyKey: `${name.make}|${name.family}`,
    prior: newPricePrior(priors, name.make, name.family, name.trimTokens, car.year),
    age,
    lmi: mileageTerm(assumedMileage(car.mileage, age)),
    kind: kindFeature(kind, date),
    at: decimalYear(at),
  };
}

/** The dates (decimal years) of the first and the latest sale a model was fitted on. */
export interface SaleWindow {
  from: number;
  to: number;
}

/**
 * Where a family's auction prices stood when a sale was made: years before the latest sale the model was fitted on.
 * A date outside the sales' window is taken at its edge, so no trend is carried past the data (a valuation made
 * today stands at the latest sales' level).
 */
export function saleTime(at: number, window: SaleWindow): number {
  return Math.min(Math.max(at, window.from), window.to) - window.to;
}

/**
 * Features of the pooled stage: make-level depreciation, mileage, kind, body, gearbox, the family's level, and the
 * make's trim words. A halo car (limited run or flagship) trades its make's level and depreciation for the halo
 * curve: one level and one age slope shared by every halo car, so what the data shows of a 911 R teaches the model
 * about a 918 Spyder. A trim word is priced across the make's families ("turbo", "amg", "4matic", "m sport"), so a
 * family with few sales, or none, of a trim still knows what the word is worth at that make; the family stage then
 * learns only how its own trims differ from that.
 */
export function globalFeatures(d: DescribedCar): Record<string, number> {
  const x: Record<string, number> = d.prior.halo
    ? { int: 1, halo: 1, 'halo:age': d.age, lmi: d.lmi }
    : {
        int: 1,
        [`make:${d.name.make}`]: 1,
        age: d.age,
        age4: Math.max(0, d.age - 4),
        [`age:${d.name.make}`]: d.age,
        lmi: d.lmi,
        'lmi+': Math.max(0, d.lmi - HIGH_MILEAGE_TERM),
        'lmi-': Math.min(0, d.lmi - LOW_MILEAGE_TERM),
        ...(d.kind === null && {
          'sale:lmi+': Math.max(0, d.lmi - HIGH_MILEAGE_TERM),
          'sale:lmid': Math.min(Math.max(d.lmi, SALE_MILEAGE_BAND.from), SALE_MILEAGE_BAND.to) - SALE_MILEAGE_BAND.from,
        }),
        [`fam:${d.familyKey}`]: 1,
      };
  if (d.kind) {
    x[d.kind] = 1;
    x[`${d.kind}:${d.name.make}`] = 1;
  }
  if (d.name.body !== 'other') x[`b:${d.name.body}`] = 1;
  if (d.name.manual) x.manual = 1;
  for (const t of d.name.trimTokens) x[`mt:${d.name.make}|${t}`] = 1;
  return x;
}

/**
 * Features of the family stage: trims (token by token and whole), model years, the family's own slopes, and for a
 * sale its date within the sales' window: a family's auction prices may move over the months its sales span (the
 * 911's rose about 9 % a year from mid-2024 to early 2026, all else equal), which a date trend pooled over every
 * family would carry to families whose sales span three months and to halo cars valued years earlier.
 */
export function familyFeatures(d: DescribedCar, year: number, saleWindow: SaleWindow): Record<string, number> {
  const x: Record<string, number> = { age: d.age, lmi: d.lmi, [`y:${year}`]: 1 };
  for (const t of d.name.trimTokens) x[`t:${t}`] = 1;
  if (d.name.trimKey) x[`key:${d.name.trimKey}`] = 1;
  if (d.name.body !== 'other') x[`b:${d.name.body}`] = 1;
  if (d.name.manual) x.manual = 1;
  if (d.kind === null) x['sale:t'] = saleTime(d.at, saleWindow);
  return x;
}
