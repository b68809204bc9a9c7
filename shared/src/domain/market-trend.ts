// Market Insights: how a group's average sale price moved between two windows, in one place.
export type Trend = 'up' | 'down' | 'flat';

/** Percent change with one decimal; under half a percent either way is flat. Null when either window has no price. */
export function priceTrend(nowCents: number | null, beforeCents: number | null): { trend: Trend; percent: number } | null {
  if (nowCents === null || beforeCents === null || beforeCents <= 0) return null;
  const percent = Math.round(((nowCents - beforeCents) * 1000) / beforeCents) / 10;
  return { trend: Math.abs(percent) < 0.5 ? 'flat' : percent > 0 ? 'up' : 'down', percent };
}
