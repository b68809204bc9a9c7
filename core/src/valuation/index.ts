// Valuing a car by its VIN from the market data and the platform's own closed sales.
export { type ValuationDeps, estimateValue } from './estimate-value.js';
export { PlatformSales } from './platform-sales.js';
export { valuationModel } from './valuation-model.js';
