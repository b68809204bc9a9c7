import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useMe } from '../../../shared/session';
import { useDashboard, usePredictions } from '../api/get-dashboard';
import { PricePredictions, Watchlist } from './predictions';
import { RecentActivity } from './recent-activity';
import { MarketInsights } from './market-insights';
import { useLiveStandings } from '../hooks/use-live-standings';
import { ActiveBids } from './active-bids';
import { ListedCars } from './listed-cars';
import { StatTiles } from './stat-tiles';
import { Button } from '../../../components/ui';

/**
 * The signed-in user's dashboard. The panels other features own (max bids, bid alerts, trade-in offers) and the
 * assistant are composed in by the app through `panels` and `assistant`, so this feature never imports them.
 */
export function DashboardPage({ panels, assistant }: { panels: ReactNode[]; assistant?: ReactNode }) {
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
  // A member with nothing done here yet (a new account) is welcomed, not welcomed back.
  const returning =
    d !== undefined && (d.recentActivity.length > 0 || d.activeBids.length > 0 || d.listedCars.length > 0);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold" data-testid="dashboard-greeting">
        {returning ? 'Welcome back' : 'Welcome'}, {user.name}
      </h1>
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
      {panels.map((panel, i) => (
        <div key={i} className="mt-8">
          {panel}
        </div>
      ))}
      <div className="mt-8 rounded-xl border bg-white p-6">
        <h2 className="text-xl font-semibold">Find your next car</h2>
        <p className="mt-1 text-slate-600">Live auctions are counting down right now.</p>
        <Button asChild variant="primary" className="mt-4">
          <Link to="/auctions">Browse auctions</Link>
        </Button>
      </div>
      {assistant}
    </div>
  );
}
