// Valuing a car from its VIN, and the evidence a valuation stands on (reused where a car is sold or traded in).
export { ValuationPage } from './components/valuation-page';
export { ValuationEvidence } from './components/valuation-evidence';
export { ComparablesTable } from './components/comparables-table';
