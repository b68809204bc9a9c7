// Escrow: opening one at a sale, every step on it, its documents, shipping, insurance, disputes and payments. One
// command per act, called by the API's routes and the workers' deadline job alike.
export { runEscrowDeadlines } from './escrow-deadlines.js';
export { assertMayUploadDocument, openDocument, reviewDocument, uploadDocument } from './escrow-documents.js';
export { initiateDispute, postDisputeMessage, resolveDispute, reviewDispute } from './escrow-disputes.js';
export { addInsurance } from './escrow-insurance.js';
export { payWithSandboxCard, startPayment } from './escrow-payments.js';
export { updateShipping } from './escrow-shipping.js';
export { acceptTerms, completeMilestone, takeEscrowAction } from './escrow-steps.js';
export { getEscrowForAuction } from './escrow-view.js';
export { SandboxPaymentProvider, signWebhook, type PaymentProvider } from './payment-provider.js';
export { receivePaymentEvent } from './payment-webhook.js';
export { SandboxCarrier, receiveCarrierEvent, scanSandboxDelivery } from './carrier-tracking.js';
export { sampleSellerShips } from './sample-seller.js';
