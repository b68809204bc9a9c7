// Trading a car in: the five-step wizard with a firm offer, and the dashboard's list of offers.
export { TradeInPage } from './components/trade-in-page';
export { TradeInOffersPanel } from './components/trade-in-offers-panel';
