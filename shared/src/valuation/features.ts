// What the regression sees of a priced car. Shared by fitting and valuing so both describe a car the same way.
import { normaliseCar, type CarName } from './car-names.js';
import type { MarketKind } from './market-data.js';
import { newPricePrior, type PriorLookup } from './new-price-prior.js';

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
}

export function describeCar(
  car: { year: number; make: string; model: string; trim?: string; bodyClass?: string | null; mileage: number | null },
  kind: MarketKind,
  date: string | null,
): DescribedCar {
  const name = normaliseCar(car.make, car.model, car.trim ?? '', car.bodyClass ?? '');
  const at = date ?? UNDATED_ASKING_DATE;
  const age = ageAt(car.year, at);
  return {
    name,
    familyKey: `${name.make}|${name.family}`,
    prior: newPricePrior(name.make, name.family, name.trimTokens),
    age,
    lmi: mileageTerm(assumedMileage(car.mileage, age)),
    kind: kindFeature(kind, date),
  };
}

/** Features of the pooled stage: make-level depreciation, mileage, kind, body, gearbox, and the family's level. */
export function globalFeatures(d: DescribedCar): Record<string, number> {
  const x: Record<string, number> = {
    int: 1,
    [`make:${d.name.make}`]: 1,
    age: d.age,
    age4: Math.max(0, d.age - 4),
    [`age:${d.name.make}`]: d.age,
    lmi: d.lmi,
    [`fam:${d.familyKey}`]: 1,
  };
  if (d.kind) x[d.kind] = 1;
  if (d.name.body !== 'other') x[`b:${d.name.body}`] = 1;
  if (d.name.manual) x.manual = 1;
  return x;
}

/** Features of the family stage: trims (token by token and whole), model years, and the family's own slopes. */
export function familyFeatures(d: DescribedCar, year: number): Record<string, number> {
  const x: Record<string, number> = { age: d.age, lmi: d.lmi, [`y:${year}`]: 1 };
  for (const t of d.name.trimTokens) x[`t:${t}`] = 1;
  if (d.name.trimKey) x[`key:${d.name.trimKey}`] = 1;
  if (d.name.body !== 'other') x[`b:${d.name.body}`] = 1;
  if (d.name.manual) x.manual = 1;
  return x;
}
