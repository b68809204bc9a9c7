// Sample sale history (labelled as such): past closed sales that give the demo its price history. Their prices are
// made up, so the valuation never takes them as comparables (their auctions are marked is_sample).
export interface SampleSale {
  wmi: string;
  make: string;
  model: string;
  year: number;
  mileage: number;
  condition: string;
  price: number;
  daysAgo: number;
  bids: number;
  location: string;
  image: string;
}

const MODELS: Omit<SampleSale, 'year' | 'mileage' | 'price' | 'daysAgo' | 'bids' | 'condition'>[] & { base: number }[] =
  [
    {
      wmi: 'WP0',
      make: 'Porsche',
      model: '911 Carrera S',
      location: 'Scottsdale, AZ',
      image: 'coupe-silver',
      base: 118000,
    },
    { wmi: 'WBA', make: 'BMW', model: 'M4 Competition', location: 'Austin, TX', image: 'coupe-blue', base: 76000 },
    {
      wmi: '1FA',
      make: 'Ford',
      model: 'Mustang Shelby GT500',
      location: 'Dearborn, MI',
      image: 'muscle-blue',
      base: 84000,
    },
    {
      wmi: '1G1',
      make: 'Chevrolet',
      model: 'Corvette Stingray Z51',
      location: 'Bowling Green, KY',
      image: 'supercar-orange',
      base: 80000,
    },
    {
      wmi: 'JTD',
      make: 'Toyota',
      model: 'GR Supra 3.0',
      location: 'San Diego, CA',
      image: 'coupe-yellow',
      base: 50000,
    },
    { wmi: '2HG', make: 'Honda', model: 'Civic Type R', location: 'Columbus, OH', image: 'hatch-white', base: 46000 },
    { wmi: 'WDD', make: 'Mercedes-Benz', model: 'AMG GT', location: 'Atlanta, GA', image: 'coupe-black', base: 98000 },
    {
      wmi: 'WUA',
      make: 'Audi',
      model: 'R8 V10 Performance',
      location: 'Denver, CO',
      image: 'supercar-grey',
      base: 158000,
    },
    { wmi: 'ZFF', make: 'Ferrari', model: '488 GTB', location: 'Miami, FL', image: 'supercar-red', base: 236000 },
    {
      wmi: 'ZHW',
      make: 'Lamborghini',
      model: 'Huracan EVO',
      location: 'Las Vegas, NV',
      image: 'supercar-green',
      base: 251000,
    },
  ];

const CONDITIONS = ['Excellent', 'Very Good', 'Good'];
const THIS_YEAR = new Date().getUTCFullYear();

/** Deterministic: the same 40 sales on every machine. Price moves with year, mileage and condition; `base` is a new car's price. */
export const CLOSED_SAMPLE_SALES: SampleSale[] = Array.from({ length: 40 }, (_, i) => {
  const m = MODELS[i % MODELS.length]!;
  const age = i % 4; // years older than 2022
  const mileage = 4000 + ((i * 7919) % 30000);
  const condition = CONDITIONS[i % 3]!;
  // A simple made-up depreciation, mileage and condition rule, plus a deterministic +/-3 % of market noise.
  const noise = 1 + (((i * 37) % 7) - 3) / 100;
  const factor =
    0.88 ** (THIS_YEAR - (2022 - age)) *
    (1 - (0.004 * (mileage - 12000 * Math.max(1, THIS_YEAR - (2022 - age)))) / 1000) *
    (condition === 'Excellent' ? 1.05 : condition === 'Good' ? 0.95 : 1) *
    noise;
  return {
    wmi: m.wmi,
    make: m.make,
    model: m.model,
    location: m.location,
    image: m.image,
    year: 2022 - age,
    mileage,
    condition,
    price: Math.round((m.base * factor) / 100) * 100,
    daysAgo: 3 + ((i * 37) % 170),
    bids: 6 + (i % 15),
  };
});
