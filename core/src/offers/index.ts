// Offers after the hammer: best offers when the reserve was not met, second-chance offers after no sale or an unpaid
// one, their answers and their expiry. An accepted offer is a sale like a won auction's.
export { answerOffer, type AnswerOfferInput, type AnswerOfferResult } from './answer-offer.js';
export { dueOfferIds, expireOffer, liveOfferDeadlines } from './expire-offers.js';
export { makeBestOffer, makeSecondChanceOffer } from './make-offer.js';
export { offersForAuction } from './offer-read.js';
export { offerOnWire, type OfferRow } from './offer-rows.js';
