// Valuing a car from its VIN. The evidence a valuation stands on is shown by the vehicle kernel (shared/vehicle).
export { ValuationPage } from './components/valuation-page';
