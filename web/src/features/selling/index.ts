// Selling a car: photos, the VIN scanner, the AI valuation and the auction terms sent for approval.
export { SubmitPage } from './components/submit-page';
