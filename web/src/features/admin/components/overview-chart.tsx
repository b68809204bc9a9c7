// Sales and bids per day over the period (Recharts, loaded with the admin page only). Each has its own axis: a day's
// bids outnumber its sales many times over, and on one scale the sales would not show.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminOverview } from '@app/shared';

const BIDS = '#2563eb';
const SALES = '#10b981';

export function OverviewChart({ series }: { series: AdminOverview['series'] }) {
  return (
    <figure className="rounded-xl border bg-white p-4" data-testid="overview-chart">
      <figcaption className="mb-2 text-sm text-slate-600">Bids and sales per day</figcaption>
      <div className="h-56 w-full" role="img" aria-label="Sales and bids per day">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} minTickGap={16} fontSize={12} />
            <YAxis yAxisId="bids" allowDecimals={false} fontSize={12} width={36} />
            <YAxis yAxisId="sales" orientation="right" allowDecimals={false} fontSize={12} width={28} />
            <Tooltip />
            <Legend />
            <Bar yAxisId="bids" dataKey="bids" name="Bids" fill={BIDS} isAnimationActive={false} />
            <Bar yAxisId="sales" dataKey="sales" name="Sales" fill={SALES} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
