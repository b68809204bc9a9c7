// Fits the valuation model on market rows. Two stages, each a robust ridge regression of log price:
//  1. pooled over every family: log(price / new-price prior) on age (a make-specific slope shrunk to a shared one),
//     mileage, kind of price, body, gearbox and the make's trim words, plus a level per family shrunk towards the
//     prior;
//  2. per family, on what stage 1 leaves: trim tokens and whole trims, model years, the family's own age and
//     mileage slopes, and how its sales moved over their dates, all shrunk towards stage 1.
// Then every row keeps its residual, so the nearest comparables can correct what the regression misses.
import { marketPriceOf, type MarketKind, type MarketPrice, type MarketRow } from './market-data.js';
import {
  decimalYear,
  describeCar,
  familyFeatures,
  globalFeatures,
  UNDATED_ASKING_DATE,
  type DescribedCar,
  type SaleWindow,
} from './features.js';
import { fitRobustRidge, predictRow, type Penalty, type SparseRow } from './robust-ridge.js';
import type { Calibration } from './calibration.js';
import { buildPriorTable, type NewPriceRow, type PriorTable } from './new-price-prior.js';

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
  /** How far the weighted mean of the sales' residuals sits above their weighted median (see residualSkew). */
  skew: number;
}

export interface ValuationModel {
  fittedRows: number;
  global: Record<string, number>;
  /** Keyed `make|family`. */
  families: Record<string, FamilyModel>;
  calibration: Calibration | null;
  /** The dates of the sales fitted on: a family's sale-date trend holds within them only. */
  saleWindow: SaleWindow;
  /** The cited new prices the model starts from. */
  priors: PriorTable;
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
    if (f === 'halo') return { lambda: 1 };
    // A make's trim word is shrunk as about 15 sales' worth of evidence: a word seen in a handful of listings moves
    // little, one seen across many families prices it for the make.
    if (f.startsWith('mt:')) return { lambda: 15 };
    if (f === 'halo:age') return { lambda: 50 };
    // A make's own offset per kind of price is a deviation from the shared one, kept small unless its data insists:
    // a family held out must not take its make's whole offset with it.
    if (f.startsWith('k:') && f.includes(':', 2)) return { lambda: 20 };
    // The shared offset of a kind of price is left free, like the intercept: shrunk, it left part of the wholesale
    // discount in the levels of the only two wholesale families, and a family held out then lost it (every held-out
    // Camry came out about 25 % high).
    if (f.startsWith('k:')) return { lambda: 0.001 };
    if (f.startsWith('b:') || f === 'manual') return { lambda: 1 };
    return { lambda: 0.001 };
  },
  familyPenalty: (f) => {
    // A family's own depreciation and trim words are shrunk less than they were (300 and 1.5): with the make's trim
    // words above carrying what a thin family cannot show, 5-fold cross-validation by car over all 1,550 auction
    // sales went from 11.5 % to 10.8 % median error (11.4 % to 10.5 % on a second draw of the folds).
    if (f === 'age') return { lambda: 50 };
    if (f === 'lmi') return { lambda: 20 };
    if (f.startsWith('t:')) return { lambda: 0.5 };
    if (f.startsWith('key:')) return { lambda: 3 };
    if (f.startsWith('y:')) return { lambda: 2 };
    return { lambda: 3 };
  },
};

const logPrice = (cents: number) => Math.log(cents / 100);

/** The regression's log price for a described car (no comparables). */
export function regressionLog(
  model: Pick<ValuationModel, 'global' | 'families' | 'saleWindow'>,
  d: DescribedCar,
  year: number,
): number {
  const fam = model.families[d.familyKey];
  return (
    Math.log(d.prior.usd) +
    predictRow(model.global, globalFeatures(d)) +
    (fam ? predictRow(fam.coef, familyFeatures(d, year, model.saleWindow)) : 0)
  );
}

/** The fitted numbers alone: what `npm run fit:valuation` stores beside the market data. */
export interface ValuationCoefficients {
  fittedRows: number;
  global: Record<string, number>;
  families: Record<string, Record<string, number>>;
  calibration: Calibration | null;
  saleWindow: SaleWindow;
}

export function fitCoefficients(
  rows: readonly MarketRow[],
  newPrices: readonly NewPriceRow[],
  options: FitOptions = DEFAULT_FIT_OPTIONS,
): ValuationCoefficients {
  const priors = buildPriorTable(newPrices);
  const described = rows.map((r) => ({ r, d: describeCar(r, r.kind, r.date, priors) }));
  const saleDates = described.filter(({ d }) => d.kind === null).map(({ d }) => d.at);
  const saleWindow = saleDates.length
    ? { from: Math.min(...saleDates), to: Math.max(...saleDates) }
    : { from: 0, to: 0 };
  const stage1: SparseRow[] = described.map(({ r, d }) => ({
    x: globalFeatures(d),
    y: logPrice(r.priceCents) - Math.log(d.prior.usd),
    w: KIND_TRUST[r.kind],
  }));
  let global = fitRobustRidge(stage1, options.globalPenalty).coef;
  // Halo cars do not lose value with age: where the few in the data cannot show a rise, the slope is held at zero and
  // the curve's level refitted without it.
  if ((global['halo:age'] ?? 0) < 0) {
    const flat = stage1.map((r) => {
      const { 'halo:age': _dropped, ...x } = r.x;
      return { ...r, x };
    });
    global = { ...fitRobustRidge(flat, options.globalPenalty).coef, 'halo:age': 0 };
  }
  // More miles never raise a price: a mileage band whose few sales say otherwise gets a flat slope.
  for (const band of ['lmi+', 'lmi-'])
    if ((global.lmi ?? 0) + (global[band] ?? 0) > 0) global[band] = -(global.lmi ?? 0);
  const highSlope = (global.lmi ?? 0) + (global['lmi+'] ?? 0);
  if (highSlope + (global['sale:lmi+'] ?? 0) > 0) global['sale:lmi+'] = -highSlope;
  if ((global.lmi ?? 0) + (global['sale:lmid'] ?? 0) > 0) global['sale:lmid'] = -(global.lmi ?? 0);

  const byFamily = new Map<string, typeof described>();
  for (const item of described) {
    const list = byFamily.get(item.d.familyKey) ?? [];
    list.push(item);
    byFamily.set(item.d.familyKey, list);
  }
  const families: Record<string, Record<string, number>> = {};
  for (const [key, items] of byFamily) {
    const stage2: SparseRow[] = items.map(({ r, d }) => ({
      x: familyFeatures(d, r.year, saleWindow),
      y: logPrice(r.priceCents) - Math.log(d.prior.usd) - predictRow(global, globalFeatures(d)),
      w: KIND_TRUST[r.kind],
    }));
    const coef = fitRobustRidge(stage2, options.familyPenalty).coef;
    // More miles never raise a price: a family whose own data says otherwise (a few odd sales) gets a flat slope.
    if ((global.lmi ?? 0) + (coef.lmi ?? 0) > 0) coef.lmi = -(global.lmi ?? 0);
    families[key] = coef;
  }
  return { fittedRows: rows.length, global, families, calibration: null, saleWindow };
}

/** The model ready to value cars: coefficients plus every market row as a comparable with its residual. */
export function withReferenceSales(
  coefficients: ValuationCoefficients,
  rows: readonly MarketRow[],
  newPrices: readonly NewPriceRow[],
): ValuationModel {
  const families: Record<string, FamilyModel> = {};
  for (const [key, coef] of Object.entries(coefficients.families)) families[key] = { coef, sales: [], skew: 0 };
  const model: ValuationModel = {
    fittedRows: coefficients.fittedRows,
    global: coefficients.global,
    families,
    calibration: coefficients.calibration,
    saleWindow: coefficients.saleWindow,
    priors: buildPriorTable(newPrices),
  };
  for (const r of rows) {
    const d = describeCar(r, r.kind, r.date, model.priors);
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
  for (const fam of Object.values(families)) fam.skew = residualSkew(fam.sales);
  return model;
}

/**
 * The comparables correct the regression by the weighted mean of their residuals, and a family's residuals are
 * skewed: a few cars sell far above what their description says (a rare option, a famous owner), fewer far below, and
 * the robust fit centres them nearer the median than the mean. The mean then sits above the typical sale, and an
 * estimate resting on many comparables came out about 1.5 % high at the median in 5-fold cross-validation. The gap
 * between the family's weighted mean and median residual is taken off the comparables' say, shrunk as ten sales'
 * worth of evidence: in a family of four sales the gap is mostly chance.
 */
export function residualSkew(sales: readonly Pick<ReferenceSale, 'kind' | 'residual'>[]): number {
  if (sales.length === 0) return 0;
  const shrink = sales.length / (sales.length + 10);
  const sorted = [...sales].sort((a, b) => a.residual - b.residual);
  const total = sorted.reduce((t, s) => t + KIND_TRUST[s.kind], 0);
  const mean = sorted.reduce((t, s) => t + KIND_TRUST[s.kind] * s.residual, 0) / total;
  let below = 0;
  for (const s of sorted) {
    below += KIND_TRUST[s.kind];
    if (below >= total / 2) return shrink * (mean - s.residual);
  }
  return 0;
}

export function fitValuationModel(
  rows: readonly MarketRow[],
  newPrices: readonly NewPriceRow[],
  options: FitOptions = DEFAULT_FIT_OPTIONS,
): ValuationModel {
  return withReferenceSales(fitCoefficients(rows, newPrices, options), rows, newPrices);
}
