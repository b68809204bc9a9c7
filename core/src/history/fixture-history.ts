// A fixed provider (HISTORY_PROVIDER=fixture) for tests and offline demos: the same report for every VIN, every entry
// marked as the provider's. It shows the shape a real provider's answer takes.
import { historyScore, type VehicleHistoryReport } from '@app/shared';
import type { HistoryProvider } from './history-provider.js';

export class FixtureHistoryProvider implements HistoryProvider {
  readonly name = 'fixture';

  async report(): Promise<VehicleHistoryReport> {
    const recalls = [
      { component: 'Airbags', status: 'Completed', description: 'Inflator replaced', source: 'provider' as const },
      { component: 'Brakes', status: 'Open', description: 'Brake hose may chafe', source: 'provider' as const },
      { component: 'Electrical', status: 'Open', description: 'Wiring harness may short', source: 'provider' as const },
    ];
    const facts = { accidentHistory: true, titleIssues: true, totalOwners: 3, openRecalls: 2 };
    return {
      score: historyScore(facts),
      vehicleHistory: { totalOwners: 3, accidentHistory: true, serviceRecords: 1, titleIssues: true },
      marketValue: { tradeIn: 10_000, retail: 14_000, certified: 15_500 },
      recalls,
      ownershipHistory: [
        {
          ownerType: 'Fleet',
          duration: '2 years',
          location: 'Ohio',
          mileageStart: 0,
          mileageEnd: 40_000,
          source: 'provider',
        },
        {
          ownerType: 'Personal',
          duration: '3 years',
          location: 'Texas',
          mileageStart: 40_000,
          mileageEnd: 70_000,
          source: 'provider',
        },
        {
          ownerType: 'Personal',
          duration: '1 year',
          location: 'Texas',
          mileageStart: 70_000,
          mileageEnd: 81_000,
          source: 'provider',
        },
      ],
      serviceHistory: [
        {
          serviceType: 'Collision repair',
          date: '2023-04-02',
          description: 'Front bumper replaced',
          mileage: 65_000,
          location: 'Body shop, TX',
          source: 'provider',
        },
      ],
      titleHistory: [
        { titleType: 'Clean', date: '2018-03-01', state: 'OH', mileage: 0, source: 'provider' },
        { titleType: 'Rebuilt', date: '2023-05-10', state: 'TX', mileage: 65_200, source: 'provider' },
      ],
      provider: this.name,
      vehicle: { year: null, make: null, model: null },
      sampleSections: [],
      generatedAt: new Date().toISOString(),
    };
  }
}
