// History reports are asked of the provider once and served from the cache while fresh; a provider that cannot answer
// is a 502 with its words, and nothing is cached.
import { expect, it } from 'vitest';
import type { VehicleHistoryReport } from '@app/shared';
import { FixtureHistoryProvider } from '../../src/history/fixture-history.js';
import { HistoryUnavailable, type HistoryProvider } from '../../src/history/history-provider.js';
import { HistoryReports } from '../../src/history/history-reports.js';
import { coreContextOfFile } from '../../test-support/core-context.js';

const ctx = coreContextOfFile();

/** The fixture provider, counting how often it is asked (a real provider is a paid call). */
class CountedProvider implements HistoryProvider {
  readonly name = 'fixture';
  asked = 0;
  private readonly inner = new FixtureHistoryProvider();
  report(): Promise<VehicleHistoryReport> {
    this.asked += 1;
    return this.inner.report();
  }
}

it('asks the provider once per VIN while the cached report is fresh', async () => {
  const provider = new CountedProvider();
  const reports = new HistoryReports(ctx.sql, provider, 3600);
  const first = await reports.report('WP0AA2A91MS100001');
  expect(await reports.report('WP0AA2A91MS100001')).toEqual(first);
  expect(provider.asked).toBe(1);
  await reports.report('WP0AA2A91MS100002');
  expect(provider.asked).toBe(2);
});

it("answers 502 with the provider's words when it cannot report, and caches nothing", async () => {
  const down: HistoryProvider = {
    name: 'down',
    report: () => Promise.reject(new HistoryUnavailable('No records for this VIN')),
  };
  await expect(new HistoryReports(ctx.sql, down, 3600).report('WP0AA2A91MS100003')).rejects.toMatchObject({
    status: 502,
    message: 'No records for this VIN',
  });
  const [n] = await ctx.sql<
    { n: number }[]
  >`select count(*)::int as n from vehicle_history_reports where provider = 'down'`;
  expect(n!.n).toBe(0);
});
