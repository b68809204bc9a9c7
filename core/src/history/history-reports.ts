// History reports by VIN: served from the Postgres cache while fresh, otherwise asked of the provider and stored.
import type { Sql } from 'postgres';
import { VehicleHistoryReportSchema, type ApiConfig, type VehicleHistoryReport } from '@app/shared';
import { DomainError } from '../errors.js';
import type { ValuationDeps } from '../valuation/estimate-value.js';
import { FixtureHistoryProvider } from './fixture-history.js';
import { HistoryUnavailable, type HistoryProvider } from './history-provider.js';
import { PlatformHistoryProvider } from './platform-history.js';

export function chooseHistoryProvider(
  config: Pick<ApiConfig, 'HISTORY_PROVIDER'>,
  deps: ValuationDeps,
): HistoryProvider {
  return config.HISTORY_PROVIDER === 'fixture' ? new FixtureHistoryProvider() : new PlatformHistoryProvider(deps);
}

export class HistoryReports {
  constructor(
    private readonly sql: Sql,
    private readonly provider: HistoryProvider,
    private readonly ttlSeconds: number,
  ) {}

  async report(vin: string): Promise<VehicleHistoryReport> {
    const report = await this.cachedReport(vin);
    if (!this.provider.marketValue) return report;
    const marketValue = await this.provider.marketValue(vin);
    return { ...report, marketValue, sampleSections: report.sampleSections.filter((s) => s !== 'marketValue') };
  }

  private async cachedReport(vin: string): Promise<VehicleHistoryReport> {
    const [cached] = await this.sql<{ report: unknown }[]>`
      select report from vehicle_history_reports where vin = ${vin} and provider = ${this.provider.name} and expires_at > now()`;
    const hit = VehicleHistoryReportSchema.safeParse(cached?.report);
    if (hit.success) return hit.data;
    let report: VehicleHistoryReport;
    try {
      report = VehicleHistoryReportSchema.parse(await this.provider.report(vin));
    } catch (err) {
      // 502: the report's source failed, not this request; the page shows the message in "Report Unavailable".
      throw new DomainError(
        502,
        err instanceof HistoryUnavailable
          ? err.message
          : 'The vehicle history provider did not answer. Try again shortly.',
      );
    }
    await this.sql`
      insert into vehicle_history_reports (vin, provider, report, expires_at)
      values (${vin}, ${this.provider.name}, ${this.sql.json(report)}, now() + ${this.ttlSeconds} * interval '1 second')
      on conflict (vin, provider) do update set report = excluded.report, fetched_at = now(), expires_at = excluded.expires_at`;
    return report;
  }
}
