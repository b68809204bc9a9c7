// Fits a model whose range and confidence come from its own held-out errors: k-fold cross-validation by car on the
// rows given, then a final fit on all of them with that calibration attached. A prior-only estimate is rare when the
// folds are drawn by car, so its cells are measured where it is the rule: on folds that hold out whole model families.
import type { MarketRow } from './market-data.js';
import { familyFoldOf, foldOf } from './car-groups.js';
import { buildCalibration, type HeldOutError, type PriceGroup } from './calibration.js';
import {
  DEFAULT_FIT_OPTIONS,
  fitCoefficients,
  fitValuationModel,
  withReferenceSales,
  type FitOptions,
  type ValuationCoefficients,
  type ValuationModel,
} from './fit-valuation-model.js';
import { ageAt, assumedMileage, UNDATED_ASKING_DATE } from './features.js';
import { valueCar, type Valuation } from './value-car.js';
import type { NewPriceRow } from './new-price-prior.js';

const FOLDS = 5;

export function groupOfKind(kind: MarketRow['kind']): PriceGroup {
  return kind === 'asking price' ? 'asking' : kind === 'auction sale (wholesale)' ? 'wholesale' : 'auction';
}

/** Values a market row as the model would have priced it: its own kind of price, on its own date. */
export function valueRow(model: ValuationModel, r: MarketRow, trim = r.trim): Valuation {
  const asOf = r.date ?? UNDATED_ASKING_DATE;
  // A row with no stated mileage is valued at the mileage the fit assumed for it, not as a car with none.
  const mileage = assumedMileage(r.mileage, ageAt(r.year, asOf));
  return valueCar(model, { ...r, trim, mileage }, { asOf, kind: r.kind });
}

export function heldOutErrors(
  rows: readonly MarketRow[],
  newPrices: readonly NewPriceRow[],
  options: FitOptions = DEFAULT_FIT_OPTIONS,
): HeldOutError[] {
  const errors: HeldOutError[] = [];
  const byCar = (r: MarketRow) => foldOf(r, FOLDS, 'calibration');
  const byFamily = (r: MarketRow) => familyFoldOf(r, FOLDS, 'calibration');
  for (const [foldOfRow, k] of [byCar, byFamily].flatMap((f) => [...Array(FOLDS).keys()].map((k) => [f, k] as const))) {
    const model = fitValuationModel(
      rows.filter((r) => foldOfRow(r) !== k),
      newPrices,
      options,
    );
    for (const r of rows.filter((x) => foldOfRow(x) === k)) {
      const group = groupOfKind(r.kind);
      // Held-out sales are also valued as if the seller had given no trim, to learn how wide that leaves the range.
      const trims = group === 'auction' && r.trim ? [r.trim, ''] : [r.trim];
      for (const trim of trims) {
        const v = valueRow(model, r, trim);
        errors.push({
          group,
          trimGiven: v.trimKnown,
          level: v.evidence,
          logError: Math.log(r.priceCents / v.valueCents),
        });
      }
    }
  }
  return errors;
}

/** What the product uses: coefficients fitted on every row given, range and confidence calibrated by cross-validation. */
export function fitCalibratedCoefficients(
  rows: readonly MarketRow[],
  newPrices: readonly NewPriceRow[],
  options: FitOptions = DEFAULT_FIT_OPTIONS,
): ValuationCoefficients {
  return {
    ...fitCoefficients(rows, newPrices, options),
    calibration: buildCalibration(heldOutErrors(rows, newPrices, options)),
  };
}

export function fitCalibratedModel(
  rows: readonly MarketRow[],
  newPrices: readonly NewPriceRow[],
  options: FitOptions = DEFAULT_FIT_OPTIONS,
): ValuationModel {
  return withReferenceSales(fitCalibratedCoefficients(rows, newPrices, options), rows, newPrices);
}
