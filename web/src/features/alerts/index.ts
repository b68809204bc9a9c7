// Bid alerts: the panel that sets them, and the notice when one fires.
export { BidAlertsPanel } from './components/bid-alerts-panel';
export { useAlertNotices } from './hooks/use-alert-notices';
