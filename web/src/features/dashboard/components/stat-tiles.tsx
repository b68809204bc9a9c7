import { formatMoney, type DashboardTiles } from '@app/shared';

export function StatTiles({ tiles }: { tiles: DashboardTiles | undefined }) {
  const cells: [string, string | undefined, string?][] = [
    ['Cars Listed', tiles && String(tiles.carsListed)],
    ['Active Bids', tiles && String(tiles.activeBids)],
    ['Won Auctions', tiles && String(tiles.wonAuctions)],
    [
      'Total Spent',
      tiles && formatMoney(tiles.totalSpent),
      "Purchases you have paid for, with the buyer's premium and escrow fee, less refunds",
    ],
  ];
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cells.map(([label, value, hint]) => (
        <div
          key={label}
          title={hint}
          className="rounded-xl border bg-white p-5"
          data-testid={`tile-${label.toLowerCase().replace(/ /g, '-')}`}
        >
          <p className="text-sm text-slate-500">{label}</p>
          {value === undefined ? (
            <div className="mt-1 h-9 w-20 animate-pulse rounded bg-slate-200" />
          ) : (
            <p className="text-3xl font-bold">{value}</p>
          )}
        </div>
      ))}
    </div>
  );
}
