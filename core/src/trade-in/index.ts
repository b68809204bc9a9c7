// Trade-ins: a firm offer for the owner's car, answered before it expires.
export { expireTradeInOffers } from './expire-offers.js';
export { answerOffer, evaluateTradeIn, listTradeIns, loadDraft, saveDraft } from './trade-in.js';
