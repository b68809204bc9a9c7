// Auctions: the live list, the listing page (with slots for what other features add to it), and the live state the
// socket feeds.
export { AuctionsPage } from './components/auctions-page';
export { ListingPage } from './components/listing-page';
export { Countdown } from './components/countdown';
export { useLiveAuction } from './hooks/use-live-auction';
export { StandingLine } from './components/standing-line';
export { auctionsQueryKey, useAuctions } from './api/get-auctions';
export { auctionQueryKey } from './api/get-auction';
export { useOnlineCount } from './stores/live-auctions';
export type { Listing, ListingState } from './hooks/use-listing';
