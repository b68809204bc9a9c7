// Bidding and buying outright on a listing.
export { BiddingPanel } from './components/bidding-panel';
