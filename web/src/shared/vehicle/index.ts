// A car as it is described and valued: its VIN scanned from a label or a photo, its photos uploaded, and the evidence a
// valuation stands on. Used where a car is valued, listed for sale and traded in.
export { VinScanner } from './components/vin-scanner';
export { PhotoPicker } from './components/photo-picker';
export { ValuationEvidence } from './components/valuation-evidence';
export { ComparablesTable } from './components/comparables-table';
export { useVinDecode, decodedName, type VinDecode } from './hooks/use-vin-decode';
