// The market reference data shipped with the product (data/market-prices.csv, source note in data/README.md) and the
// valuation model fitted on it (data/valuation-model.json, written by `npm run fit:valuation`).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  parseMarketCsv,
  withReferenceSales,
  type MarketRow,
  type ValuationCoefficients,
  type ValuationModel,
} from '@app/shared';

export const MARKET_DATA_PATH = fileURLToPath(new URL('../data/market-prices.csv', import.meta.url));
export const VALUATION_MODEL_PATH = fileURLToPath(new URL('../data/valuation-model.json', import.meta.url));

export async function loadMarketRows(path = MARKET_DATA_PATH): Promise<MarketRow[]> {
  return parseMarketCsv(await readFile(path, 'utf8'));
}

export async function loadValuationCoefficients(path = VALUATION_MODEL_PATH): Promise<ValuationCoefficients> {
  return JSON.parse(await readFile(path, 'utf8')) as ValuationCoefficients;
}

/** The fitted model with every market row as a comparable: what the API values cars with. */
export async function loadValuationModel(): Promise<ValuationModel> {
  const [coefficients, rows] = await Promise.all([loadValuationCoefficients(), loadMarketRows()]);
  return withReferenceSales(coefficients, rows);
}
