// Bidding and buying outright on a listing.
export { BiddingPanel } from './components/bidding-panel';
export { MyMaxBidsPanel } from './components/my-max-bids-panel';
