// New-price prior: published original list prices (US MSRP) by model and trim, each row citing the public page it was
// copied from (data/new-prices.csv). It is the starting point when the market data lacks a model or has only a
// handful of sales. A model nobody has cited keeps only its make's typical price, worked out from the cited rows, and
// every valuation that leans on a prior says which kind it had.
//
// Limited and halo cars (a 918 Spyder, a LaFerrari, an SLS) are flagged: they do not follow their make's depreciation
// but a curve of their own, fitted on the halo cars the market data has.
import { normaliseCar } from './car-names.js';

export interface NewPriceRow {
  make: string;
  model: string;
  /** Words the car's trim must contain for this price to apply; empty for the model's base price. */
  trim: string;
  yearFrom: number;
  yearTo: number;
  msrpUsd: number;
  /** Cars built, for a limited run; null when no limit was announced. */
  production: number | null;
  halo: boolean;
  source: string;
}

const HEADER = 'make,model,trim,year_from,year_to,msrp_usd,production,halo,source';

/** Parses `new-prices.csv`; a row without a source URL, or with a malformed figure, is an error. */
export function parseNewPriceCsv(text: string): NewPriceRow[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'));
  if (lines[0]?.trim() !== HEADER) throw new Error(`new prices: expected header "${HEADER}"`);
  return lines.slice(1).map((line, i) => {
    const f = line.split(',');
    const [make, model, trim, from, to, usd, production, halo, ...source] = f.map((s) => s.trim());
    const row: NewPriceRow = {
      make: make ?? '',
      model: model ?? '',
      trim: trim ?? '',
      yearFrom: Number(from),
      yearTo: Number(to),
      msrpUsd: Number(usd),
      production: production ? Number(production) : null,
      halo: halo === 'yes',
      source: source.join(','),
    };
    const bad =
      !row.make ||
      !row.model ||
      !Number.isInteger(row.yearFrom) ||
      !Number.isInteger(row.yearTo) ||
      row.yearTo < row.yearFrom ||
      !(row.msrpUsd >= 1000 && row.msrpUsd < 10_000_000) ||
      (row.production !== null && !(Number.isInteger(row.production) && row.production > 0)) ||
      !(halo === 'yes' || halo === '') ||
      !/^https?:\/\/\S+$/.test(row.source);
    if (bad) throw new Error(`new prices: bad line ${i + 2}: ${line}`);
    return row;
  });
}

interface PriorEntry {
  tokens: string[];
  yearFrom: number;
  yearTo: number;
  usd: number;
  production: number | null;
  halo: boolean;
  source: string;
}

export interface PriorTable {
  /** Keyed `make|family` as `normaliseCar` writes them. */
  families: Record<string, PriorEntry[]>;
  /** A make's typical new price: the median of its cited non-halo base prices. */
  makes: Record<string, number>;
  /** For a make with no cited price at all: the median of every cited non-halo base price. */
  anyUsd: number;
}

function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return 45_000;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function buildPriorTable(rows: readonly NewPriceRow[]): PriorTable {
  const families: Record<string, PriorEntry[]> = {};
  const byMake = new Map<string, number[]>();
  for (const r of rows) {
    const n = normaliseCar(r.make, r.model, r.trim);
    const key = `${n.make}|${n.family}`;
    (families[key] ??= []).push({
      tokens: n.trimTokens,
      yearFrom: r.yearFrom,
      yearTo: r.yearTo,
      usd: r.msrpUsd,
      production: r.production,
      halo: r.halo,
      source: r.source,
    });
    if (!r.halo && n.trimTokens.length === 0) byMake.set(n.make, [...(byMake.get(n.make) ?? []), r.msrpUsd]);
  }
  const makes = Object.fromEntries([...byMake].map(([m, v]) => [m, medianOf(v)]));
  return { families, makes, anyUsd: medianOf([...byMake.values()].flat()) };
}

export const EMPTY_PRIOR_TABLE: PriorTable = { families: {}, makes: {}, anyUsd: 45_000 };

export interface PriorLookup {
  usd: number;
  /** What the figure is: a trim's, the model's base, or only the make's typical price. */
  basis: 'trim' | 'model' | 'make';
  /** A limited or halo car: valued on the halo curve, not its make's depreciation. */
  halo: boolean;
  production: number | null;
  /** The page the figure was copied from; null for a make's typical price. */
  source: string | null;
}

/** How far a model year lies outside a row's years (0 inside them). */
const yearGap = (e: PriorEntry, year: number) => Math.max(0, e.yearFrom - year, year - e.yearTo);

export function newPricePrior(
  table: PriorTable,
  make: string,
  family: string,
  trimTokens: readonly string[],
  year: number,
): PriorLookup {
  const have = new Set(trimTokens);
  // Rows whose trim words the car has; a halo row only for its own model years (a 2019 Speedster is not a 2011 one).
  const candidates = (table.families[`${make}|${family}`] ?? []).filter(
    (e) => e.tokens.every((t) => have.has(t)) && (!e.halo || yearGap(e, year) === 0),
  );
  // The most specific trim ("turbo s" over "turbo"), then the nearest model years.
  candidates.sort((a, b) => b.tokens.length - a.tokens.length || yearGap(a, year) - yearGap(b, year));
  const best = candidates[0];
  if (!best)
    return {
      usd: table.makes[make] ?? table.anyUsd,
      basis: 'make',
      halo: false,
      production: null,
      source: null,
    };
  return {
    usd: best.usd,
    basis: best.tokens.length > 0 ? 'trim' : 'model',
    halo: best.halo,
    production: best.production,
    source: best.source,
  };
}

/** Whether the table knows a model at all (for reading a trim out of a model name). */
export function priorKnowsFamily(table: PriorTable, make: string, family: string): boolean {
  return table.families[`${make}|${family}`] !== undefined;
}
