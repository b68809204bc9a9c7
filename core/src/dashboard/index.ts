// The signed-in member's dashboard: tiles, active bids, listed cars, watchlist advice, market insights.
export { dashboardPredictions } from './dashboard-predictions.js';
export { dashboard, userActiveBids } from './dashboard.js';
export { marketInsights } from './market-insights.js';
