// The member's card for bidding and the holds placed on it (the account page's section).
export { PaymentCardPanel } from './components/payment-card-panel';
