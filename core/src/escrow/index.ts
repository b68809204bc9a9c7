// Escrow: opening one at a sale, every step on it, its documents, shipping, insurance, disputes and payments.
export { runEscrowDeadlines } from './escrow-deadlines.js';
export {
  enterShipping,
  insureTransit,
  openDocument,
  reviewEscrowDocument,
  settleDispute,
  takeDisputeForReview,
  uploadDocument,
  writeInDispute,
} from './escrow-documents.js';
export { payWithSandboxCard, startPayment } from './escrow-payments.js';
export {
  acceptTerms,
  completeMilestone,
  getEscrowForAuction,
  initiateDispute,
  takeEscrowAction,
} from './escrow-view.js';
export { type PaymentProvider, SandboxPaymentProvider, signWebhook } from './payment-provider.js';
export { receivePaymentEvent } from './payment-webhook.js';
