// The dashboard, composed: the user's own figures with the panels of the features that add to it.
import { DashboardPage } from '../../features/dashboard';
import { MyMaxBidsPanel } from '../../features/bidding';
import { BidAlertsPanel } from '../../features/alerts';
import { TradeInOffersPanel } from '../../features/trade-in';
import { AssistantWidget } from '../../features/assistant';

export function DashboardRoute() {
  return (
    <DashboardPage
      panels={[
        <MyMaxBidsPanel key="max-bids" />,
        <BidAlertsPanel key="alerts" />,
        <TradeInOffersPanel key="trade-in" />,
      ]}
      assistant={<AssistantWidget context="dashboard" />}
    />
  );
}
