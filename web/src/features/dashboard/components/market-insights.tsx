import { formatMoney } from '@app/shared';
import { useMarketInsights } from '../api/get-dashboard';

const ARROW = { up: '▲', down: '▼', flat: '▬' } as const;

export function MarketInsights() {
  const insights = useMarketInsights();
  return (
    <section className="rounded-xl border bg-white p-6" data-testid="market-insights">
      <h2 className="text-xl font-semibold">Market Insights</h2>
      {insights.data === undefined && <div className="mt-4 h-16 animate-pulse rounded bg-slate-100" />}
      {insights.data?.length === 0 && <p className="mt-3 text-slate-600">No cars have sold here in the last 60 days yet, so there is no trend to show.</p>}
      <ul className="mt-4 space-y-3 text-sm">
        {insights.data?.map((m) => (
          <li key={m.make} title={m.basis}>
            <span className="font-semibold">{m.make}</span> · average {formatMoney(m.averagePrice)}{' '}
            {m.trend === null ? <span className="text-slate-500">(no earlier sales to compare)</span> : (
              <span className={m.trend === 'up' ? 'text-emerald-700' : m.trend === 'down' ? 'text-red-700' : 'text-slate-600'}>{ARROW[m.trend]} {Math.abs(m.percent ?? 0)}%</span>
            )}
            <p className="text-xs text-slate-500">Based on {m.basis}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
