// The default history provider. It reports what this marketplace really knows about a VIN: the offline decode, its
// own listing (a dated mileage reading), its own sales of the car (an ownership change, with the escrow's state) and
// the valuation model's market values; what it cannot know is filled by the labelled sample generator.
import { historyScore, tradeInOffer, type VehicleHistoryReport } from '@app/shared';
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
  if (days < 60) return `${days} day${days === 1 ? '' : 's'}`;
  const months = Math.round(days / 30);
  return months < 24 ? `${months} months` : `${Math.round(months / 12)} years`;
};

export class PlatformHistoryProvider implements HistoryProvider {
  readonly name = 'platform';

  constructor(private readonly deps: ValuationDeps) {}

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

    let marketValue: VehicleHistoryReport['marketValue'] | null = null;
    try {
      const { v } = await valueVin(this.deps, { vin, mileage });
      marketValue = {
        tradeIn: dollars(tradeInOffer({ valueCents: v.valueCents, condition: 'good', now }).offerCents),
        retail: dollars(v.valueCents),
        certified: dollars(v.highCents),
      };
    } catch {
      // A VIN the decoder or the model cannot value: the section is sample data below.
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
      marketValue: marketValue ?? { tradeIn: 0, retail: 0, certified: 0 },
      recalls: sample.recalls,
      ownershipHistory,
      serviceHistory: sample.serviceHistory,
      titleHistory: sample.titleHistory,
      provider: this.name,
      vehicle: { year: decoded?.year ?? null, make: decoded?.make ?? null, model: decoded?.model ?? null },
      sampleSections: marketValue ? sampleSections : ['marketValue', ...sampleSections],
      generatedAt: now.toISOString(),
    };
  }
}
