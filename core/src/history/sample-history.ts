// The labelled sample part of a history report: what this marketplace cannot know (owners before it, service visits,
// recalls, accidents, title brands) drawn from a generator seeded by the VIN, so a car always shows the same sample.
// Every entry it makes carries source 'sample' and the page labels its sections "sample data".
import { countOf, type VehicleHistoryReport } from '@app/shared';

type Report = VehicleHistoryReport;

/** mulberry32 seeded by an FNV-1a hash of the VIN. */
function randomFor(vin: string): () => number {
  let h = 0x811c9dc5;
  for (const ch of vin) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  let a = h;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATES = [
  ['Arizona', 'AZ'],
  ['California', 'CA'],
  ['Florida', 'FL'],
  ['Michigan', 'MI'],
  ['Texas', 'TX'],
  ['Ohio', 'OH'],
  ['Colorado', 'CO'],
] as const;
const SERVICES = [
  ['Oil change', 'Engine oil and filter replaced'],
  ['Tire rotation', 'Tires rotated and balanced'],
  ['Brake service', 'Front pads and rotors replaced'],
  ['Inspection', 'Multi-point inspection, no faults found'],
  ['Battery', 'Battery tested and replaced'],
  ['Scheduled maintenance', 'Manufacturer service interval completed'],
] as const;
const RECALLS = [
  ['Airbags', 'Passenger airbag inflator may rupture on deployment'],
  ['Fuel system', 'Fuel pump may fail and stall the engine'],
  ['Electrical', 'Rear camera image may not display'],
  ['Seat belts', 'Seat belt pretensioner may not activate'],
] as const;

export interface SampleHistory {
  earlierOwners: Report['ownershipHistory'];
  serviceHistory: Report['serviceHistory'];
  recalls: Report['recalls'];
  titleHistory: Report['titleHistory'];
  accidentHistory: boolean;
}

/** `year`: the model year (first registration); `mileage`: the latest known reading, which the sample stays under. */
export function sampleHistory(vin: string, year: number, mileage: number, now = new Date()): SampleHistory {
  const r = randomFor(vin);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const thisYear = now.getUTCFullYear();
  const firstYear = Math.min(Math.max(year, 1980), thisYear);
  const span = Math.max(1, thisYear - firstYear);
  const date = (fraction: number) => {
    const d = new Date(Date.UTC(firstYear, 0, 1) + fraction * (now.getTime() - Date.UTC(firstYear, 0, 1)));
    return d.toISOString().slice(0, 10);
  };

  const owners = 1 + Math.floor(r() * 2);
  const earlierOwners: Report['ownershipHistory'] = [];
  for (let i = 0; i < owners; i += 1) {
    const years = Math.max(1, Math.round(span / owners));
    earlierOwners.push({
      ownerType: i === 0 ? 'Personal (first owner)' : pick(['Personal', 'Lease', 'Personal']),
      duration: countOf(years, 'year'),
      location: pick(STATES)[0],
      mileageStart: Math.round((mileage * i) / owners),
      mileageEnd: Math.round((mileage * (i + 1)) / owners),
      source: 'sample',
    });
  }
  const services = 3 + Math.floor(r() * 5);
  const serviceHistory: Report['serviceHistory'] = Array.from({ length: services }, (_, i) => {
    const [serviceType, description] = pick(SERVICES);
    const at = (i + 1) / (services + 1);
    return {
      serviceType,
      description,
      date: date(at),
      mileage: Math.round(mileage * at),
      location: `${pick(['Dealer', 'Independent shop'])}, ${pick(STATES)[1]}`,
      source: 'sample' as const,
    };
  }).reverse();
  const recallCount = Math.floor(r() * 4);
  // Consecutive entries from one random start: each recall at most once, never both Completed and Open.
  const firstRecall = Math.floor(r() * RECALLS.length);
  const recalls: Report['recalls'] = Array.from({ length: recallCount }, (_, i) => {
    const [component, description] = RECALLS[(firstRecall + i) % RECALLS.length]!;
    return { component, description, status: r() < 0.7 ? 'Completed' : 'Open', source: 'sample' as const };
  });
  const brand = r() < 0.06 ? 'Salvage' : 'Clean';
  const [, state] = pick(STATES);
  const titleHistory: Report['titleHistory'] = [
    { titleType: 'Clean', date: date(0.02), state, mileage: 0, source: 'sample' },
    ...(brand !== 'Clean'
      ? [{ titleType: brand, date: date(0.6), state, mileage: Math.round(mileage * 0.6), source: 'sample' as const }]
      : []),
  ];
  return { earlierOwners, serviceHistory, recalls, titleHistory, accidentHistory: r() < 0.15 };
}
