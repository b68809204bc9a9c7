// npm run fit:valuation: fits the valuation model on all of data/market-prices.csv (starting from the cited new prices
// in data/new-prices.csv), calibrates its range and
// confidence by 5-fold cross-validation by car, and writes the coefficients to data/valuation-model.json, which the
// API loads at start. Run it whenever the market data changes (a unit test fails until you do).
import { writeFile } from 'node:fs/promises';
import { fitCalibratedCoefficients } from '@app/shared';
import { loadMarketRows, loadNewPrices, VALUATION_MODEL_PATH } from '@app/infra';

const [rows, newPrices] = await Promise.all([loadMarketRows(), loadNewPrices()]);
const started = performance.now();
const coefficients = fitCalibratedCoefficients(rows, newPrices);
const round = (o: Record<string, number>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v * 1e6) / 1e6]));
const stored = {
  ...coefficients,
  global: round(coefficients.global),
  families: Object.fromEntries(Object.entries(coefficients.families).map(([k, v]) => [k, round(v)])),
};
await writeFile(VALUATION_MODEL_PATH, `${JSON.stringify(stored, null, 1)}\n`);
console.log(
  `fitted on ${rows.length} rows in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${VALUATION_MODEL_PATH}`,
);
