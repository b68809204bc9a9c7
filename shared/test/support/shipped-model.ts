// The valuation model as the product ships it: the stored coefficients, the market data they were fitted on and the
// cited new prices, read once for the valuation tests.
import { readFileSync } from 'node:fs';
import { parseMarketCsv, parseNewPriceCsv, withReferenceSales, type ValuationCoefficients } from '../../src/index.js';

const dataDir = new URL('../../../infra/data/', import.meta.url);
export const rows = parseMarketCsv(readFileSync(new URL('market-prices.csv', dataDir), 'utf8'));
export const newPrices = parseNewPriceCsv(readFileSync(new URL('new-prices.csv', dataDir), 'utf8'));
export const stored = JSON.parse(
  readFileSync(new URL('valuation-model.json', dataDir), 'utf8'),
) as ValuationCoefficients;
export const model = withReferenceSales(stored, rows, newPrices);
