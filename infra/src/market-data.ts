// The market reference data shipped with the product (data/market-prices.csv, source note in data/README.md), the
// cited new prices the valuation starts from (data/new-prices.csv) and the valuation model fitted on both
// (data/valuation-model.json, written by `npm run fit:valuation`).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  parseMarketCsv,
  parseNewPriceCsv,
  withReferenceSales,
  type MarketRow,
  type NewPriceRow,
  type ValuationCoefficients,
  type ValuationModel,
} from '@app/shared';

export const MARKET_DATA_PATH = fileURLToPath(new URL('../data/market-prices.csv', import.meta.url));
export const NEW_PRICES_PATH = fileURLToPath(new URL('../data/new-prices.csv', import.meta.url));
export const VALUATION_MODEL_PATH = fileURLToPath(new URL('../data/valuation-model.json', import.meta.url));

export async function loadMarketRows(path = MARKET_DATA_PATH): Promise<MarketRow[]> {
  return parseMarketCsv(await readFile(path, 'utf8'));
}

export async function loadNewPrices(path = NEW_PRICES_PATH): Promise<NewPriceRow[]> {
  return parseNewPriceCsv(await readFile(path, 'utf8'));
}

export async function loadValuationCoefficients(path = VALUATION_MODEL_PATH): Promise<ValuationCoefficients> {
  return JSON.parse(await readFile(path, 'utf8')) as ValuationCoefficients;
}

/** The fitted model with every market row as a comparable: what the API values cars with. */
export async function loadValuationModel(): Promise<ValuationModel> {
  const [coefficients, rows, newPrices] = await Promise.all([
    loadValuationCoefficients(),
    loadMarketRows(),
    loadNewPrices(),
  ]);
  return withReferenceSales(coefficients, rows, newPrices);
}
