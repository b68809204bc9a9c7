// Verified bidders: cards saved through the payment provider, the holds for the buyer's premium placed while a member
// bids, and their settling (released when outbid for good or lost, captured into the winner's escrow).
export {
  confirmSandboxSetup,
  readMyPaymentCard,
  receiveSetupEvent,
  setBidExemption,
  startCardSetup,
} from './payment-cards.js';
export { receiveHoldEvent, recordHoldTransition } from './hold-transitions.js';
export { placeVerifiedBid, releaseHold, type VerifiedBidDeps } from './verified-bid.js';
export { settleHolds } from './settle-holds.js';
