// Auctions: the lock every decision about one takes, reading them, submission and approval, Buy It Now, closing.
export { decideAuction, listPendingAuctions, submitToAuction } from './auction-approval.js';
export { ChatReaders } from './auction-guard.js';
export { lockAuction } from './auction-lock.js';
export { getAuctionDetail, listAuctions, listSitemapAuctions } from './auction-read.js';
export { buyNow } from './buy-now.js';
export { closeAuction, overdueAuctionIds } from './close-auction.js';
export { lowerReserve } from './lower-reserve.js';
