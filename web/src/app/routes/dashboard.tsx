import { Link, Navigate } from 'react-router';
import { useMe } from '../../features/account';
import { BidAlertsPanel } from '../../features/alerts';
import { MyMaxBidsPanel } from '../../features/bidding';
import { TradeInOffersPanel } from '../../features/trade-in';

export function DashboardPage() {
  const me = useMe();
  if (me.isLoading) return <p className="p-8 text-center">Loading…</p>;
  const user = me.data?.user;
  if (!user) return <Navigate to="/login?next=/dashboard" replace />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Welcome back, {user.name}</h1>
      <p className="mt-1 text-slate-600">{user.isPremium ? 'Premium member: all auctions are open to you.' : 'Standard member.'}</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[['Cars Listed', '3'], ['Active Bids', '7'], ['Won Auctions', '12'], ['Total Spent', '$1.2M']].map(([label, value]) => (
          <div key={label} className="rounded-xl border bg-white p-5">
            <p className="text-sm text-slate-500">{label}</p>
            <p className="text-3xl font-bold">{value}</p>
            <p className="text-xs text-amber-700">Sample figure</p>
          </div>
        ))}
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
        <Link to="/auctions" className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white">Browse auctions</Link>
      </div>
    </div>
  );
}
