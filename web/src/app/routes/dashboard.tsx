// The dashboard, composed: the user's own figures with the panels of the features that add to it.
import { DashboardPage } from '../../features/dashboard';
import { MyMaxBidsPanel } from '../../features/bidding';
import { BidAlertsPanel } from '../../features/alerts';
import { SavedSearchesPanel } from '../../features/saved-searches';
import { TradeInOffersPanel } from '../../features/trade-in';
import { AssistantWidget } from '../../features/assistant';
import { PaymentCardPanel } from '../../features/payment-card';

export function DashboardRoute() {
  return (
    <DashboardPage
      panels={[
        <PaymentCardPanel key="payment-card" />,
        <MyMaxBidsPanel key="max-bids" />,
        <BidAlertsPanel key="alerts" />,
        <SavedSearchesPanel key="saved-searches" />,
        <TradeInOffersPanel key="trade-in" />,
      ]}
      assistant={<AssistantWidget context="dashboard" />}
    />
  );
}
