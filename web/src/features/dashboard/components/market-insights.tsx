import { formatMoney, type MarketInsight } from '@app/shared';
import { useMarketInsights } from '../api/get-dashboard';

const ARROW = { up: '▲', down: '▼', flat: '▬' } as const;
const SOURCE = {
  marketplace: 'Sales here',
  'sample sales': 'Sample sales',
  'market data': 'Market data',
  none: 'Too few sales',
} as const;

export function MarketInsights() {
  const insights = useMarketInsights();
  return (
    <section className="rounded-xl border bg-white p-6" data-testid="market-insights">
      <h2 className="text-xl font-semibold">Market Insights</h2>
      {insights.data === undefined && <div className="mt-4 h-16 animate-pulse rounded bg-slate-100" />}
      <ul className="mt-4 space-y-3 text-sm">
        {insights.data?.map((m) => (
          <Insight key={m.category} m={m} />
        ))}
      </ul>
    </section>
  );
}

function Insight({ m }: { m: MarketInsight }) {
  return (
    <li title={m.basis} data-testid="market-insight">
      <span className="font-semibold">{m.label}</span>
      {m.averagePrice !== null && <> · average {formatMoney(m.averagePrice)}</>}{' '}
      {m.trend === null ? (
        <span className="text-slate-500">(no trend to show)</span>
      ) : (
        <span
          className={m.trend === 'up' ? 'text-emerald-700' : m.trend === 'down' ? 'text-red-700' : 'text-slate-600'}
        >
          {ARROW[m.trend]} {Math.abs(m.percent ?? 0)}%
        </span>
      )}
      <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600" data-testid="insight-source">
        {SOURCE[m.source]}
      </span>
      <p className="text-xs text-slate-500">Based on {m.basis}</p>
    </li>
  );
}
