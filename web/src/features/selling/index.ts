// Selling a car: photos, the VIN scanner, the AI valuation and the auction terms sent for approval.
export { SubmitPage } from './components/submit-page';
// The trade-in wizard reuses the photo uploads and the VIN scanner.
export { PhotoPicker } from './components/photo-picker';
export { VinScanner } from './components/vin-scanner';
