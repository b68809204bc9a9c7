// Auctions: the live list and the listing page (with slots for what other features add to it). The auction's data and
// live state are the auction-state kernel's (shared/auction-state).
export { AuctionsPage } from './components/auctions-page';
export { ListingPage } from './components/listing-page';
