// An auction as every part of the app knows it: its queries (one auction, the lists), the live state the socket feeds
// (bids, extensions, closes, who is watching), one merge of the two, and how it stands now (price, outcome, countdown).
export { auctionQuery, auctionQueryKey, useAuction } from './api/get-auction';
export {
  auctionsQuery,
  auctionsQueryKey,
  auctionsSearch,
  useAuctions,
  useEndedAuctions,
  type AuctionSort,
} from './api/get-auctions';
export { useLiveAuctions, useOnlineCount, type LiveAuction } from './live-auctions';
export { useLiveAuction } from './hooks/use-live-auction';
export { mergeLive } from './merge-live';
export { standingOf, type StandingInput } from './standing';
export { useStanding } from './hooks/use-standing';
export { Countdown } from './components/countdown';
export { StandingLine } from './components/standing-line';
export type { Listing, ListingState } from './listing';
