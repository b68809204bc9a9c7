// Market Insights: this marketplace's closed sales by category over the last 60 days, the seeded sample sales apart
// (their prices are made up: used only where real sales are too few, and labelled), and the market reference data's
// own two windows for the categories with too few of both; the shared rule picks the three categories and the basis.
import type { Sql } from 'postgres';
import { loadMarketRows } from '@app/infra';
import {
  INSIGHT_WINDOW_DAYS,
  marketInsights as decideInsights,
  referenceStats,
  toCents,
  type CarCategory,
  type CategoryStats,
  type MarketInsight,
  type ReferenceStats,
} from '@app/shared';

// The reference data never changes while the process runs: read and summed once.
let reference: Promise<ReferenceStats> | undefined;
const referenceWindows = () => (reference ??= loadMarketRows().then(referenceStats));

export async function marketInsights(sql: Sql): Promise<MarketInsight[]> {
  const [rows, ref] = await Promise.all([
    sql<
      {
        category: CarCategory;
        isSample: boolean;
        nowAvg: string | null;
        nowSales: number;
        beforeAvg: string | null;
        beforeSales: number;
      }[]
    >`
      select c.category, a.is_sample,
             round(avg(a.winning_amount) filter (where a.closed_at > now() - ${INSIGHT_WINDOW_DAYS} * interval '1 day'), 2)::text as now_avg,
             count(*) filter (where a.closed_at > now() - ${INSIGHT_WINDOW_DAYS} * interval '1 day')::int as now_sales,
             round(avg(a.winning_amount) filter (where a.closed_at <= now() - ${INSIGHT_WINDOW_DAYS} * interval '1 day'), 2)::text as before_avg,
             count(*) filter (where a.closed_at <= now() - ${INSIGHT_WINDOW_DAYS} * interval '1 day')::int as before_sales
      from auctions a join cars c on c.id = a.car_id
      where a.status in ('sold', 'bought-now') and a.winning_amount is not null
        and a.closed_at > now() - ${2 * INSIGHT_WINDOW_DAYS} * interval '1 day'
      group by c.category, a.is_sample`,
    referenceWindows(),
  ]);
  const cents = (v: string | null) => (v === null ? null : toCents(v));
  const stats = (sample: boolean): CategoryStats =>
    Object.fromEntries(
      rows
        .filter((r) => r.isSample === sample)
        .map((r) => [
          r.category,
          {
            nowAvgCents: cents(r.nowAvg),
            nowSales: r.nowSales,
            beforeAvgCents: cents(r.beforeAvg),
            beforeSales: r.beforeSales,
          },
        ]),
    );
  return decideInsights(stats(false), ref, stats(true));
}
