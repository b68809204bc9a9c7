// Splitting market rows by car, so that no car is on both sides of an evaluation. A car is its year, family, trim
// and mileage: a relisted car keeps them (two listings of one car differ only in price and date), and two different
// cars that share all four are kept together too, which only makes the split stricter.
import { normaliseCar } from './car-names.js';
import type { MarketRow } from './market-data.js';

export function carKey(r: MarketRow): string {
  const n = normaliseCar(r.make, r.model, r.trim);
  return [r.year, n.make, n.family, n.trimKey, n.body, n.manual, r.mileage ?? r.source].join('|');
}

/** FNV-1a, so a split is the same on every machine and run. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Which of `parts` folds a row's car falls in, fixed by `seed`. */
export function foldOf(r: MarketRow, parts: number, seed: string): number {
  return hash(`${seed}|${carKey(r)}`) % parts;
}

export function splitByCar(rows: readonly MarketRow[], testShare: number, seed: string) {
  const train: MarketRow[] = [];
  const test: MarketRow[] = [];
  for (const r of rows) (hash(`${seed}|${carKey(r)}`) / 2 ** 32 < testShare ? test : train).push(r);
  return { train, test };
}

/** A row's model family, `make|family`: what leave-one-family-out holds out whole. */
export function familyKeyOf(r: Pick<MarketRow, 'make' | 'model' | 'trim'>): string {
  const n = normaliseCar(r.make, r.model, r.trim);
  return `${n.make}|${n.family}`;
}

/** Which of `parts` folds a row's whole model family falls in, fixed by `seed`. */
export function familyFoldOf(r: MarketRow, parts: number, seed: string): number {
  return hash(`${seed}|${familyKeyOf(r)}`) % parts;
}
