// Market Insights: three car categories, each with how its average sale price moved over the last 30 days against the
// 30 before. The marketplace's own closed sales are the basis where a category has enough of them in both windows;
// otherwise the market reference data's dated auction sales (its latest 30 days against the 30 before) stand in, and
// the basis says which it is.
import { CAR_CATEGORIES, CAR_CATEGORY_LABELS } from '../constants.js';
import { centsToDecimal } from '../money.js';
import { carCategoryOf, type CarCategory } from './car-category.js';
import type { MarketPrice } from '../valuation/market-data.js';

export type Trend = 'up' | 'down' | 'flat';

/** Percent change with one decimal; under half a percent either way is flat. Null when either window has no price. */
export function priceTrend(
  nowCents: number | null,
  beforeCents: number | null,
): { trend: Trend; percent: number } | null {
  if (nowCents === null || beforeCents === null || beforeCents <= 0) return null;
  const percent = Math.round(((nowCents - beforeCents) * 1000) / beforeCents) / 10;
  return { trend: Math.abs(percent) < 0.5 ? 'flat' : percent > 0 ? 'up' : 'down', percent };
}

/** Fewer sales than this in either window and a category's average says more about which cars sold than the market. */
export const MIN_SALES_PER_WINDOW = 3;
export const INSIGHT_WINDOW_DAYS = 30;
const SHOWN = 3;

export interface WindowStats {
  nowAvgCents: number | null;
  nowSales: number;
  beforeAvgCents: number | null;
  beforeSales: number;
}
export type CategoryStats = Partial<Record<CarCategory, WindowStats>>;
/** The reference data's windows end at its newest dated sale (`to`), not today: the data is a snapshot. */
export interface ReferenceStats {
  to: string | null;
  byCategory: CategoryStats;
}

const DAY_MS = 86_400_000;
const EMPTY: WindowStats = { nowAvgCents: null, nowSales: 0, beforeAvgCents: null, beforeSales: 0 };

/** The reference data's dated auction sales, by category, in its own last two windows. */
export function referenceStats(
  rows: readonly Pick<MarketPrice, 'year' | 'make' | 'model' | 'kind' | 'date' | 'priceCents'>[],
): ReferenceStats {
  const dated = rows.filter((r): r is typeof r & { date: string } => r.kind === 'auction sale' && r.date !== null);
  if (dated.length === 0) return { to: null, byCategory: {} };
  const to = dated.reduce((max, r) => (r.date > max ? r.date : max), dated[0]!.date);
  const end = Date.parse(to);
  const sums: Partial<Record<CarCategory, { now: number[]; before: number[] }>> = {};
  for (const r of dated) {
    const age = (end - Date.parse(r.date)) / DAY_MS;
    if (age >= 2 * INSIGHT_WINDOW_DAYS) continue;
    const bucket = (sums[carCategoryOf(r.make, r.model, r.year)] ??= { now: [], before: [] });
    (age < INSIGHT_WINDOW_DAYS ? bucket.now : bucket.before).push(r.priceCents);
  }
  const avg = (xs: number[]) => (xs.length === 0 ? null : Math.round(xs.reduce((a, b) => a + b, 0) / xs.length));
  const byCategory: CategoryStats = {};
  for (const [category, s] of Object.entries(sums) as [CarCategory, { now: number[]; before: number[] }][]) {
    byCategory[category] = {
      nowAvgCents: avg(s.now),
      nowSales: s.now.length,
      beforeAvgCents: avg(s.before),
      beforeSales: s.before.length,
    };
  }
  return { to, byCategory };
}

export interface MarketInsight {
  category: CarCategory;
  label: string;
  trend: Trend | null;
  percent: number | null;
  averagePrice: string | null;
  source: 'marketplace' | 'sample sales' | 'market data' | 'none';
  basis: string;
}

const enough = (s: WindowStats) => s.nowSales >= MIN_SALES_PER_WINDOW && s.beforeSales >= MIN_SALES_PER_WINDOW;
const salesOf = (s: WindowStats | undefined) => (s ? s.nowSales + s.beforeSales : 0);

/**
 * The three categories with the most sales here (then in the labelled sample sales, then in the reference data), each
 * on the best basis it has: real sales here; else the seeded sample sales, dated relative to today and labelled as made
 * up (a demo shows insights that end today; production has none); else the reference data's snapshot.
 */
export function marketInsights(
  platform: CategoryStats,
  reference: ReferenceStats,
  samples: CategoryStats = {},
): MarketInsight[] {
  const ranked = [...CAR_CATEGORIES].sort(
    (a, b) =>
      salesOf(platform[b]) - salesOf(platform[a]) ||
      salesOf(samples[b]) - salesOf(samples[a]) ||
      salesOf(reference.byCategory[b]) - salesOf(reference.byCategory[a]),
  );
  return ranked.slice(0, SHOWN).map((category) => {
    const here = platform[category] ?? EMPTY;
    const sample = samples[category] ?? EMPTY;
    const ref = reference.byCategory[category] ?? EMPTY;
    const hereText = `${here.nowSales} sales here in the last ${INSIGHT_WINDOW_DAYS} days against ${here.beforeSales} the ${INSIGHT_WINDOW_DAYS} days before`;
    const [s, source, basis] = enough(here)
      ? ([here, 'marketplace', hereText] as const)
      : enough(sample)
        ? ([
            sample,
            'sample sales',
            `sample sales (made-up figures): ${sample.nowSales} in the last ${INSIGHT_WINDOW_DAYS} days against ${sample.beforeSales} the ${INSIGHT_WINDOW_DAYS} days before (too few real sales here: ${hereText})`,
          ] as const)
        : enough(ref)
          ? ([
              ref,
              'market data',
              `market data: ${ref.nowSales} auction sales in the ${INSIGHT_WINDOW_DAYS} days to ${reference.to} against ${ref.beforeSales} the ${INSIGHT_WINDOW_DAYS} days before (too few here: ${hereText})`,
            ] as const)
          : ([
              here,
              'none',
              `too few sales to show a trend: ${hereText}; market data: ${ref.nowSales} and ${ref.beforeSales}`,
            ] as const);
    const t = source === 'none' ? null : priceTrend(s.nowAvgCents, s.beforeAvgCents);
    const avg = s.nowAvgCents ?? s.beforeAvgCents;
    return {
      category,
      label: CAR_CATEGORY_LABELS[category],
      trend: t?.trend ?? null,
      percent: t?.percent ?? null,
      averagePrice: avg === null ? null : centsToDecimal(avg),
      source,
      basis,
    };
  });
}
