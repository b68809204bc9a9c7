// Vehicle history reports come from a provider behind this interface, chosen by HISTORY_PROVIDER.
//
// A real provider plugs in here: an NMVTIS-approved data provider (title brands, odometer readings, total-loss and
// salvage records) or a commercial history API (accidents, service records, ownership). It implements `report(vin)`,
// maps its answer onto VehicleHistoryReport with every entry's `source` set to 'provider' and `sampleSections` empty,
// throws HistoryUnavailable with a message a buyer can read when it cannot answer, and is added to the choice in
// history-reports.ts (with its credentials read by the env schema). Caching, the route and the page stay as they are.
import type { VehicleHistoryReport } from '@app/shared';

export interface HistoryProvider {
  /** Stored with each cached report, so swapping providers never serves another provider's report. */
  readonly name: string;
  report(vin: string): Promise<VehicleHistoryReport>;
  /**
   * A section read fresh on every answer, cached report or not: the market values follow the listing's AI value, which
   * its seller may set after a report was cached. Without it, the provider's own market values are served.
   */
  marketValue?(vin: string): Promise<VehicleHistoryReport['marketValue']>;
}

/** The provider could not produce a report; its message is shown in the "Report Unavailable" box. */
export class HistoryUnavailable extends Error {}
