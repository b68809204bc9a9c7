import { Link, Navigate } from 'react-router';
import { useMe } from '../../account';
import { BidAlertsPanel } from '../../alerts';
import { MyMaxBidsPanel } from '../../bidding';
import { TradeInOffersPanel } from '../../trade-in';
import { useDashboard, usePredictions } from '../api/get-dashboard';
import { PricePredictions, Watchlist } from './predictions';
import { RecentActivity } from './recent-activity';
import { MarketInsights } from './market-insights';
import { AssistantWidget } from '../../assistant';
import { useLiveStandings } from '../hooks/use-live-standings';
import { ActiveBids } from './active-bids';
import { ListedCars } from './listed-cars';
import { StatTiles } from './stat-tiles';

export function DashboardPage() {
  const me = useMe();
  const user = me.data?.user;
  const dashboard = useDashboard(Boolean(user));
  const predictions = usePredictions(Boolean(user));
  const selling = (dashboard.data?.listedCars ?? []).flatMap((c) =>
    c.state === 'live' && c.auctionId !== null ? [c.auctionId] : [],
  );
  const followed = new Set([
    ...[...(dashboard.data?.activeBids ?? []), ...(predictions.data ?? [])].map((x) => x.auctionId),
    ...selling,
  ]);
  useLiveStandings(
    user?.id,
    [...followed].sort((a, b) => a - b),
  );
  if (me.isLoading) return <p className="p-8 text-center">Loading…</p>;
  if (!user) return <Navigate to="/login?next=/dashboard" replace />;
  const d = dashboard.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Welcome back, {user.name}</h1>
      <p className="mt-1 text-slate-600">
        {user.isPremium ? 'Premium member: all auctions are open to you.' : 'Standard member.'}
      </p>
      {dashboard.isError && (
        <p className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
          Your dashboard could not be loaded. Please reload the page.
        </p>
      )}
      <StatTiles tiles={d?.tiles} />
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <ActiveBids bids={d?.activeBids} />
        <ListedCars cars={d?.listedCars} />
        <Watchlist items={predictions.data} />
        <PricePredictions items={predictions.data} />
        <MarketInsights />
        <RecentActivity items={d?.recentActivity} />
      </div>
      <div className="mt-8">
        <MyMaxBidsPanel />
      </div>
      <div className="mt-8">
        <BidAlertsPanel />
      </div>
      <div className="mt-8">
        <TradeInOffersPanel />
      </div>
      <div className="mt-8 rounded-xl border bg-white p-6">
        <h2 className="text-xl font-semibold">Find your next car</h2>
        <p className="mt-1 text-slate-600">Live auctions are counting down right now.</p>
        <Link to="/auctions" className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white">
          Browse auctions
        </Link>
      </div>
      <AssistantWidget context="dashboard" />
    </div>
  );
}
