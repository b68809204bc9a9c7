// Offers after the hammer (best and second-chance) and the seller's reserve on a live listing.
export { OffersPanel } from './components/offers-panel';
export { LowerReserve } from './components/lower-reserve';
