// Selling a car: its details, photos and VIN, the AI valuation and the auction terms sent for approval.
export { SubmitPage } from './components/submit-page';
