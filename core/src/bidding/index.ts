// Bidding: the bid engine (groups of bids decided under the auction's lock) and a bidder's own maximums.
export { BidEngine } from './bid-engine.js';
export { listMyMaxBids, readMaxBid } from './max-bid-read.js';
