// The default history provider. It reports what this marketplace really knows about a VIN: the offline decode, its
// own listing (a dated mileage reading), its own sales of the car (an ownership change, with the escrow's state) and
// the valuation model's market values; what it cannot know is filled by the labelled sample generator.
import { countOf, historyScore, marketValues, parseMoneyToCents, type VehicleHistoryReport } from '@app/shared';
import { valueVin, type ValuationDeps } from '../valuation/estimate-value.js';
import type { HistoryProvider } from './history-provider.js';
import { sampleHistory } from './sample-history.js';

interface PlatformRecord {
  mileage: number;
  listedAt: Date;
  location: string | null;
  saleStatus: string | null;
  soldAt: Date | null;
  isSample: boolean | null;
  escrowStatus: string | null;
}

const dollars = (cents: number) => Math.round(cents / 100);
const since = (from: Date, to: Date) => {
  const days = Math.max(0, Math.round((to.getTime() - from.getTime()) / 86_400_000));
  if (days < 60) return countOf(days, 'day');
  const months = Math.round(days / 30);
  return months < 24 ? `${months} months` : `${Math.round(months / 12)} years`;
};

export class PlatformHistoryProvider implements HistoryProvider {
  readonly name = 'platform';

  constructor(private readonly deps: ValuationDeps) {}

  /**
   * The same valuation the listing shows: a car listed here is valued by its AI value (none yet: not available); a VIN
   * not listed here by the valuation page's model. Trade-in and certified follow from it by one rule.
   */
  async marketValue(vin: string): Promise<VehicleHistoryReport['marketValue']> {
    const [listed] = await this.deps.sql<{ aiEstimatedValue: string | null }[]>`
      select ai_estimated_value from cars where vin = ${vin}`;
    let retailCents: number | null = null;
    if (listed) {
      retailCents = listed.aiEstimatedValue === null ? null : parseMoneyToCents(listed.aiEstimatedValue);
    } else {
      // A VIN the decoder or the model cannot value has no market values; its mileage is a typical 12,000 a year.
      const year = (await this.deps.vinDecoder.decode(vin).catch(() => null))?.year;
      const age = year ? Math.max(1, new Date().getUTCFullYear() - year) : 5;
      retailCents = await valueVin(this.deps, { vin, mileage: 12_000 * age }).then(
        ({ v }) => v.valueCents,
        () => null,
      );
    }
    const values = marketValues(retailCents, new Date());
    return (
      values && {
        tradeIn: dollars(values.tradeInCents),
        retail: dollars(values.retailCents),
        certified: dollars(values.certifiedCents),
      }
    );
  }

  async report(vin: string): Promise<VehicleHistoryReport> {
    const now = new Date();
    const decoded = await this.deps.vinDecoder.decode(vin).catch(() => null);
    // The most recent sale of the car here, if any (cars.vin is unique: one car row a VIN).
    const [car] = await this.deps.sql<PlatformRecord[]>`
      select c.mileage, c.created_at as listed_at, a.location, a.status as sale_status,
             coalesce(e.created_at, a.end_time) as sold_at, a.is_sample, e.status as escrow_status
      from cars c
      left join lateral (
        select * from auctions a where a.car_id = c.id and a.status in ('sold', 'bought-now') order by a.end_time desc limit 1
      ) a on true
      left join escrow_transactions e on e.auction_id = a.id
      where c.vin = ${vin}`;
    const year = decoded?.year ?? now.getUTCFullYear() - 5;
    const mileage = car?.mileage ?? 12_000 * Math.max(1, now.getUTCFullYear() - year);
    const sample = sampleHistory(vin, year, mileage, now);

    const ownershipHistory: VehicleHistoryReport['ownershipHistory'] = [...sample.earlierOwners];
    if (car) {
      const last = ownershipHistory.at(-1);
      if (last) last.mileageEnd = car.mileage;
      ownershipHistory.push({
        ownerType: 'Seller (listed on this marketplace)',
        duration: `listed ${car.listedAt.toISOString().slice(0, 10)}${car.soldAt ? `, sold after ${since(car.listedAt, car.soldAt)}` : ''}`,
        location: car.location ?? 'Not recorded',
        mileageStart: car.mileage,
        mileageEnd: car.mileage,
        source: 'platform',
      });
      if (car.soldAt) {
        const escrow = car.escrowStatus ? `, escrow ${car.escrowStatus.replace(/_/g, ' ')}` : '';
        ownershipHistory.push({
          ownerType: `Buyer (${car.saleStatus === 'bought-now' ? 'Buy It Now' : 'auction'} on this marketplace${escrow})`,
          duration: `since ${car.soldAt.toISOString().slice(0, 10)} (${since(car.soldAt, now)})`,
          location: car.location ?? 'Not recorded',
          mileageStart: car.mileage,
          mileageEnd: car.mileage,
          // The seed's made-up past sales (sample auctions closed without an escrow) are sample data themselves.
          source: car.isSample && !car.escrowStatus ? 'sample' : 'platform',
        });
      }
    }

    const openRecalls = sample.recalls.filter((r) => r.status !== 'Completed').length;
    const titleIssues = sample.titleHistory.some((t) => t.titleType !== 'Clean');
    const totalOwners = ownershipHistory.filter((o) => !o.ownerType.startsWith('Seller')).length;
    const sampleSections: VehicleHistoryReport['sampleSections'] = [
      'vehicleHistory',
      'recalls',
      'ownershipHistory',
      'serviceHistory',
      'titleHistory',
    ];
    return {
      score: historyScore({ accidentHistory: sample.accidentHistory, titleIssues, totalOwners, openRecalls }),
      vehicleHistory: {
        totalOwners,
        accidentHistory: sample.accidentHistory,
        serviceRecords: sample.serviceHistory.length,
        titleIssues,
      },
      marketValue: await this.marketValue(vin),
      recalls: sample.recalls,
      ownershipHistory,
      serviceHistory: sample.serviceHistory,
      titleHistory: sample.titleHistory,
      provider: this.name,
      vehicle: { year: decoded?.year ?? null, make: decoded?.make ?? null, model: decoded?.model ?? null },
      sampleSections,
      generatedAt: now.toISOString(),
    };
  }
}
