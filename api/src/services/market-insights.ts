// Market Insights: the three makes with the most sales on this marketplace over the last 60 days, each with its average
// price over the last 30 days against the 30 days before (the shared trend rule), and the sales it rests on.
import type { Sql } from 'postgres';
import { centsToDecimal, priceTrend, toCents } from '@app/shared';
import type { z } from 'zod';
import type { MarketInsightListSchema } from '@app/shared';

export async function marketInsights(sql: Sql): Promise<z.infer<typeof MarketInsightListSchema>> {
  const rows = await sql<{ make: string; nowAvg: string | null; nowSales: number; beforeAvg: string | null; beforeSales: number }[]>`
    select c.make,
           round(avg(a.winning_amount) filter (where a.closed_at > now() - interval '30 days'), 2)::text as now_avg,
           count(*) filter (where a.closed_at > now() - interval '30 days')::int as now_sales,
           round(avg(a.winning_amount) filter (where a.closed_at <= now() - interval '30 days'), 2)::text as before_avg,
           count(*) filter (where a.closed_at <= now() - interval '30 days')::int as before_sales
    from auctions a join cars c on c.id = a.car_id
    where a.status in ('sold', 'bought-now') and a.closed_at > now() - interval '60 days'
    group by c.make
    order by count(*) desc, c.make
    limit 3`;
  return rows.map((r) => {
    const t = priceTrend(r.nowAvg === null ? null : toCents(r.nowAvg), r.beforeAvg === null ? null : toCents(r.beforeAvg));
    const avg = r.nowAvg ?? r.beforeAvg ?? '0.00';
    return {
      make: r.make,
      trend: t?.trend ?? null,
      percent: t?.percent ?? null,
      averagePrice: centsToDecimal(toCents(avg)),
      basis: `${r.nowSales} sales here in the last 30 days against ${r.beforeSales} the 30 days before`,
    };
  });
}
