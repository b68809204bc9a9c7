import type { AdminOverview } from '@app/shared';

/** Sales and bids per day over the period, as bars scaled to the busiest day. */
export function OverviewChart({ series }: { series: AdminOverview['series'] }) {
  const width = 720;
  const height = 160;
  const maxBids = Math.max(1, ...series.map((d) => d.bids));
  const maxSales = Math.max(1, ...series.map((d) => d.sales));
  const step = width / Math.max(1, series.length);
  return (
    <figure className="rounded-xl border bg-white p-4" data-testid="overview-chart">
      <figcaption className="mb-2 text-sm text-slate-600">
        <span className="mr-3 inline-block h-2 w-3 bg-brand-600" /> Bids per day (max {maxBids})
        <span className="ml-6 mr-3 inline-block h-2 w-3 bg-emerald-500" /> Sales per day (max {maxSales})
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-40 w-full" role="img" aria-label="Sales and bids per day">
        {series.map((d, i) => (
          <g key={d.day}>
            <title>{`${d.day}: ${d.bids} bids, ${d.sales} sales`}</title>
            <rect x={i * step} y={height - (d.bids / maxBids) * (height - 10)} width={Math.max(1, step * 0.45)} height={(d.bids / maxBids) * (height - 10)} className="fill-brand-600" />
            <rect x={i * step + step * 0.5} y={height - (d.sales / maxSales) * (height - 10)} width={Math.max(1, step * 0.45)} height={(d.sales / maxSales) * (height - 10)} className="fill-emerald-500" />
          </g>
        ))}
      </svg>
    </figure>
  );
}
