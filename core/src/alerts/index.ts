// Bid alerts: a member's own alerts, and deciding which fire (after a bid, or on the clock for time-based ones).
export { createAlert, deleteAlert, listAlerts, setAlertActive } from './bid-alerts.js';
export { auctionsWithTimeAlerts, checkAlerts } from './check-alerts.js';
