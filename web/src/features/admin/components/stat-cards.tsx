import { formatMoney, type AdminOverview } from '@app/shared';

export function StatCards({ stats }: { stats: AdminOverview | undefined }) {
  const cards: [string, string | undefined][] = [
    ['GMV', stats && formatMoney(stats.gmv)],
    ['Auctions live', stats && String(stats.liveAuctions)],
    ['Auctions ended', stats && String(stats.auctionsEnded)],
    ['Auctions sold', stats && String(stats.auctionsSold)],
    ['Sell-through rate', stats && (stats.sellThroughRate === null ? 'n/a' : `${stats.sellThroughRate}%`)],
    ['Avg bids per auction', stats && String(stats.avgBidsPerAuction)],
    ['New users', stats && String(stats.newUsers)],
    ['Fees earned', stats && formatMoney(stats.feesEarned)],
    ['Pending approval', stats && String(stats.pending)],
    ['Bids in the last 24 h', stats && String(stats.bidsToday)],
  ];
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {cards.map(([label, value]) => (
        <div
          key={label}
          className="rounded-xl border bg-white p-4"
          data-testid={`stat-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}
        >
          <p className="text-sm text-slate-500">{label}</p>
          {value === undefined ? (
            <div className="mt-1 h-8 w-16 animate-pulse rounded bg-slate-200" />
          ) : (
            <p className="text-2xl font-bold">{value}</p>
          )}
        </div>
      ))}
    </div>
  );
}

export function EscrowVolume({ stats }: { stats: AdminOverview | undefined }) {
  if (!stats) return null;
  return (
    <div className="rounded-xl border bg-white p-4 text-sm">
      <h3 className="font-semibold">Escrow volume by status</h3>
      {stats.escrowVolume.length === 0 && <p className="text-slate-500">No escrows opened in this period.</p>}
      <ul className="mt-2 space-y-1">
        {stats.escrowVolume.map((e) => (
          <li key={e.status}>
            {e.status}: {e.count} · {formatMoney(e.amount)}
          </li>
        ))}
      </ul>
    </div>
  );
}
