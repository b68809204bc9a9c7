// Fits the valuation model on market rows. Two stages, each a robust ridge regression of log price:
//  1. pooled over every family: log(price / new-price prior) on age (a make-specific slope shrunk to a shared one),
//     mileage, kind of price, body and gearbox, plus a level per family shrunk towards the prior;
//  2. per family, on what stage 1 leaves: trim tokens and whole trims, model years, and the family's own age and
//     mileage slopes, all shrunk towards stage 1.
// Then every row keeps its residual, so the nearest comparables can correct what the regression misses.
import { marketPriceOf, type MarketKind, type MarketPrice, type MarketRow } from './market-data.js';
import {
  decimalYear,
  describeCar,
  familyFeatures,
  globalFeatures,
  UNDATED_ASKING_DATE,
  type DescribedCar,
} from './features.js';
import { fitRobustRidge, predictRow, type Penalty, type SparseRow } from './robust-ridge.js';
import type { Calibration } from './calibration.js';

export interface ReferenceSale extends MarketPrice {
  trimTokens: string[];
  lmi: number;
  /** The date as a decimal year, worked out once: comparables are weighed by it on every valuation. */
  at: number;
  /** log(price) minus the regression's prediction for this very car. */
  residual: number;
}

export interface FamilyModel {
  coef: Record<string, number>;
  sales: ReferenceSale[];
}

export interface ValuationModel {
  fittedRows: number;
  global: Record<string, number>;
  /** Keyed `make|family`. */
  families: Record<string, FamilyModel>;
  calibration: Calibration | null;
}

/** How much a price of each kind is trusted when fitting and as a comparable. */
export const KIND_TRUST: Record<MarketKind, number> = {
  'platform sale': 1.5,
  'auction sale': 1,
  'asking price': 0.4,
  'auction sale (wholesale)': 0.3,
};

export interface FitOptions {
  globalPenalty: (feature: string) => Penalty;
  familyPenalty: (feature: string) => Penalty;
}

export const DEFAULT_FIT_OPTIONS: FitOptions = {
  globalPenalty: (f) => {
    if (f.startsWith('make:')) return { lambda: 2 };
    if (f.startsWith('age:')) return { lambda: 500 };
    if (f.startsWith('fam:')) return { lambda: 4 };
    if (f.startsWith('k:') || f.startsWith('b:') || f === 'manual') return { lambda: 1 };
    return { lambda: 0.001 };
  },
  familyPenalty: (f) => {
    if (f === 'age') return { lambda: 300 };
    if (f === 'lmi') return { lambda: 20 };
    if (f.startsWith('t:')) return { lambda: 1.5 };
    if (f.startsWith('key:')) return { lambda: 3 };
    if (f.startsWith('y:')) return { lambda: 2 };
    return { lambda: 3 };
  },
};

const logPrice = (cents: number) => Math.log(cents / 100);

/** The regression's log price for a described car (no comparables). */
export function regressionLog(
  model: Pick<ValuationModel, 'global' | 'families'>,
  d: DescribedCar,
  year: number,
): number {
  const fam = model.families[d.familyKey];
  return (
    Math.log(d.prior.usd) +
    predictRow(model.global, globalFeatures(d)) +
    (fam ? predictRow(fam.coef, familyFeatures(d, year)) : 0)
  );
}

/** The fitted numbers alone: what `npm run fit:valuation` stores beside the market data. */
export interface ValuationCoefficients {
  fittedRows: number;
  global: Record<string, number>;
  families: Record<string, Record<string, number>>;
  calibration: Calibration | null;
}

export function fitCoefficients(
  rows: readonly MarketRow[],
  options: FitOptions = DEFAULT_FIT_OPTIONS,
): ValuationCoefficients {
  const described = rows.map((r) => ({ r, d: describeCar(r, r.kind, r.date) }));
  const stage1: SparseRow[] = described.map(({ r, d }) => ({
    x: globalFeatures(d),
    y: logPrice(r.priceCents) - Math.log(d.prior.usd),
    w: KIND_TRUST[r.kind],
  }));
  const global = fitRobustRidge(stage1, options.globalPenalty).coef;

  const byFamily = new Map<string, typeof described>();
  for (const item of described) {
    const list = byFamily.get(item.d.familyKey) ?? [];
    list.push(item);
    byFamily.set(item.d.familyKey, list);
  }
  const families: Record<string, Record<string, number>> = {};
  for (const [key, items] of byFamily) {
    const stage2: SparseRow[] = items.map(({ r, d }) => ({
      x: familyFeatures(d, r.year),
      y: logPrice(r.priceCents) - Math.log(d.prior.usd) - predictRow(global, globalFeatures(d)),
      w: KIND_TRUST[r.kind],
    }));
    const coef = fitRobustRidge(stage2, options.familyPenalty).coef;
    // More miles never raise a price: a family whose own data says otherwise (a few odd sales) gets a flat slope.
    if ((global.lmi ?? 0) + (coef.lmi ?? 0) > 0) coef.lmi = -(global.lmi ?? 0);
    families[key] = coef;
  }
  return { fittedRows: rows.length, global, families, calibration: null };
}

/** The model ready to value cars: coefficients plus every market row as a comparable with its residual. */
export function withReferenceSales(coefficients: ValuationCoefficients, rows: readonly MarketRow[]): ValuationModel {
  const families: Record<string, FamilyModel> = {};
  for (const [key, coef] of Object.entries(coefficients.families)) families[key] = { coef, sales: [] };
  const model: ValuationModel = {
    fittedRows: coefficients.fittedRows,
    global: coefficients.global,
    families,
    calibration: coefficients.calibration,
  };
  for (const r of rows) {
    const d = describeCar(r, r.kind, r.date);
    const fam = families[d.familyKey];
    if (!fam) continue;
    fam.sales.push({
      ...marketPriceOf(r),
      trimTokens: d.name.trimTokens,
      lmi: d.lmi,
      at: decimalYear(r.date ?? UNDATED_ASKING_DATE),
      residual: logPrice(r.priceCents) - regressionLog(model, d, r.year),
    });
  }
  return model;
}

export function fitValuationModel(
  rows: readonly MarketRow[],
  options: FitOptions = DEFAULT_FIT_OPTIONS,
): ValuationModel {
  return withReferenceSales(fitCoefficients(rows, options), rows);
}
