// New-price prior: approximate published US base MSRPs (recent model years, USD, rounded), the starting point when
// the market data lacks a model (Ferrari and Lamborghini have no rows at all) or has only a handful of sales. These
// are prior figures, not market data: the model shrinks towards them only as far as its own sales fail to speak,
// and every valuation that leans on them says so.

export interface NewPricePrior {
  usd: number;
  /** Trims priced apart from the base model, matched on the trim's tokens (all must be present). */
  trims?: [tokens: string, usd: number][];
}

/** Keys are `make|family` as `normaliseCar` writes them. */
export const NEW_PRICE_PRIOR_USD: Record<string, NewPricePrior> = {
  'Ferrari|488': { usd: 252_000 },
  'Ferrari|f8': { usd: 276_000 },
  'Ferrari|f8tributo': { usd: 276_000 },
  'Ferrari|812': { usd: 340_000 },
  'Ferrari|812superfast': { usd: 340_000 },
  'Ferrari|roma': { usd: 222_000 },
  'Ferrari|portofino': { usd: 215_000 },
  'Ferrari|portofinom': { usd: 230_000 },
  'Ferrari|sf90': { usd: 507_000 },
  'Ferrari|sf90stradale': { usd: 507_000 },
  'Ferrari|296': { usd: 317_000 },
  'Ferrari|296gtb': { usd: 317_000 },
  'Ferrari|458': { usd: 230_000 },
  'Ferrari|458italia': { usd: 230_000 },
  'Ferrari|california': { usd: 198_000 },
  'Ferrari|gtc4lusso': { usd: 298_000 },
  'Ferrari|purosangue': { usd: 398_000 },
  'Ferrari|488gtb': { usd: 252_000 },
  'Ferrari|488spider': { usd: 275_000 },
  'Ferrari|f12berlinetta': { usd: 320_000 },
  'Lamborghini|huracan': {
    usd: 248_000,
    trims: [
      ['evo', 261_000],
      ['sto', 328_000],
      ['tecnica', 239_000],
      ['performante', 275_000],
    ],
  },
  'Lamborghini|huracanevo': { usd: 261_000 },
  'Lamborghini|aventador': { usd: 417_000, trims: [['svj', 517_000]] },
  'Lamborghini|urus': { usd: 218_000 },
  'Lamborghini|revuelto': { usd: 608_000 },
  'Lamborghini|gallardo': { usd: 201_000 },
  'Porsche|911': {
    usd: 101_000,
    trims: [
      ['carrera t', 108_000],
      ['carrera s', 116_000],
      ['carrera 4s', 123_000],
      ['carrera gts', 138_000],
      ['carrera 4 gts', 145_000],
      ['targa 4', 112_000],
      ['targa 4s', 127_000],
      ['targa 4 gts', 152_000],
      ['turbo', 175_000],
      ['turbo s', 208_000],
      ['gt3', 162_000],
      ['gt3 touring', 162_000],
      ['gt3 rs', 225_000],
      ['gt2 rs', 293_000],
      ['r', 185_000],
      ['speedster', 275_000],
      ['s/t', 290_000],
      ['dakar', 223_000],
      ['sport classic', 273_000],
    ],
  },
  'Porsche|cayenne': {
    usd: 70_000,
    trims: [
      ['s', 88_000],
      ['gts', 107_000],
      ['turbo', 130_000],
      ['turbo s', 185_000],
    ],
  },
  'Porsche|macan': {
    usd: 58_000,
    trims: [
      ['s', 67_000],
      ['gts', 83_000],
      ['turbo', 100_000],
    ],
  },
  'Porsche|panamera': {
    usd: 92_000,
    trims: [
      ['4s', 115_000],
      ['gts', 140_000],
      ['turbo', 150_000],
      ['turbo s', 190_000],
    ],
  },
  'Porsche|taycan': {
    usd: 91_000,
    trims: [
      ['4s', 112_000],
      ['turbo', 161_000],
      ['turbo s', 195_000],
    ],
  },
  'Porsche|cayman': {
    usd: 63_000,
    trims: [
      ['s', 75_000],
      ['gts', 90_000],
      ['gt4', 102_000],
      ['gt4 rs', 143_000],
    ],
  },
  'Porsche|boxster': {
    usd: 65_000,
    trims: [
      ['s', 77_000],
      ['gts', 92_000],
      ['spyder', 98_000],
    ],
  },
  'BMW|m2': { usd: 63_000 },
  'BMW|m3': { usd: 74_000 },
  'BMW|m4': { usd: 77_000 },
  'BMW|m5': { usd: 106_000 },
  'BMW|m6': { usd: 115_000 },
  'BMW|m8': { usd: 133_000 },
  'BMW|i8': { usd: 147_000 },
  'BMW|x3': { usd: 47_000 },
  'BMW|x5': { usd: 65_000 },
  'BMW|x6': { usd: 70_000 },
  'BMW|x7': { usd: 81_000 },
  'BMW|2 series': { usd: 40_000 },
  'BMW|3 series': { usd: 44_000 },
  'BMW|4 series': { usd: 49_000 },
  'BMW|5 series': { usd: 57_000 },
  'BMW|6 series': { usd: 80_000 },
  'BMW|7 series': { usd: 95_000 },
  'BMW|8 series': { usd: 88_000 },
  'BMW|z4': { usd: 53_000 },
  'Mercedes-Benz|amg gt': { usd: 118_000 },
  'Mercedes-Benz|g-class': { usd: 140_000, trims: [['63 amg', 180_000]] },
  'Mercedes-Benz|s-class': { usd: 115_000, trims: [['63 amg', 180_000]] },
  'Mercedes-Benz|e-class': { usd: 58_000, trims: [['63 amg', 112_000]] },
  'Mercedes-Benz|c-class': { usd: 46_000, trims: [['63 amg', 80_000]] },
  'Mercedes-Benz|gle-class': { usd: 62_000 },
  'Mercedes-Benz|gls-class': { usd: 87_000 },
  'Mercedes-Benz|sl-class': { usd: 110_000 },
  'Mercedes-Benz|glc-class': { usd: 48_000 },
  'Audi|r8': { usd: 160_000 },
  'Audi|a4': { usd: 41_000 },
  'Audi|a6': { usd: 57_000 },
  'Audi|a8': { usd: 89_000 },
  'Audi|q5': { usd: 46_000 },
  'Audi|q7': { usd: 60_000 },
  'Audi|q8': { usd: 73_000 },
  'Audi|rs6': { usd: 121_000 },
  'Audi|rs5': { usd: 77_000 },
  'Audi|rs3': { usd: 60_000 },
  'Audi|s4': { usd: 53_000 },
  'Audi|s5': { usd: 57_000 },
  'Ford|f-150': {
    usd: 45_000,
    trims: [
      ['raptor', 78_000],
      ['lariat', 58_000],
      ['platinum', 68_000],
    ],
  },
  'Ford|f-250': { usd: 55_000 },
  'Ford|f-350': { usd: 58_000 },
  'Ford|bronco': { usd: 42_000, trims: [['raptor', 90_000]] },
  'Ford|mustang': {
    usd: 33_000,
    trims: [
      ['gt', 44_000],
      ['shelby gt350', 62_000],
      ['shelby gt500', 80_000],
      ['mach 1', 56_000],
    ],
  },
  'Ford|gt': { usd: 500_000 },
  'Ford|ranger': { usd: 34_000 },
  'Ford|explorer': { usd: 40_000 },
  'Ford|expedition': { usd: 60_000 },
  'Chevrolet|corvette': {
    usd: 68_000,
    trims: [
      ['z06', 112_000],
      ['zr1', 175_000],
      ['e-ray', 105_000],
    ],
  },
  'Chevrolet|camaro': {
    usd: 32_000,
    trims: [
      ['ss', 44_000],
      ['zl1', 70_000],
      ['z/28', 75_000],
    ],
  },
  'Chevrolet|silverado1500': { usd: 45_000 },
  'Chevrolet|tahoe': { usd: 58_000 },
  'Chevrolet|suburban': { usd: 61_000 },
  'Chevrolet|colorado': { usd: 34_000 },
  'Toyota|camry': { usd: 27_000 },
  'Toyota|grsupra': { usd: 48_000 },
  'Toyota|supra': { usd: 48_000 },
  'Toyota|tacoma': { usd: 36_000 },
  'Toyota|tundra': { usd: 48_000 },
  'Toyota|4runner': { usd: 42_000 },
  'Toyota|landcruiser': { usd: 58_000 },
  'Toyota|highlander': { usd: 41_000 },
  'Toyota|rav4': { usd: 31_000 },
  'Toyota|corolla': { usd: 23_000 },
  'Honda|civic': { usd: 26_000, trims: [['type r', 45_000]] },
  'Honda|civictyper': { usd: 45_000 },
  'Honda|accord': { usd: 29_000 },
  'Honda|cr-v': { usd: 32_000 },
  'Honda|crv': { usd: 32_000 },
  'Honda|odyssey': { usd: 39_000 },
  'Honda|pilot': { usd: 42_000 },
  'Honda|ridgeline': { usd: 41_000 },
  'Honda|nsx': { usd: 160_000 },
};

/** A make's typical new price, for a model the table does not list. */
export const MAKE_NEW_PRICE_PRIOR_USD: Record<string, number> = {
  Ferrari: 280_000,
  Lamborghini: 250_000,
  Porsche: 95_000,
  'Mercedes-Benz': 70_000,
  BMW: 60_000,
  Audi: 55_000,
  Ford: 45_000,
  Chevrolet: 45_000,
  Toyota: 35_000,
  Honda: 32_000,
};
const ANY_MAKE_NEW_PRICE_USD = 45_000;

export interface PriorLookup {
  usd: number;
  /** What the figure is: a trim's, the model's base, or only the make's typical price. */
  basis: 'trim' | 'model' | 'make';
}

export function newPricePrior(make: string, family: string, trimTokens: readonly string[]): PriorLookup {
  const entry = NEW_PRICE_PRIOR_USD[`${make}|${family}`];
  if (!entry) return { usd: MAKE_NEW_PRICE_PRIOR_USD[make] ?? ANY_MAKE_NEW_PRICE_USD, basis: 'make' };
  const have = new Set(trimTokens);
  // The most specific trim whose tokens the car has ("turbo s" over "turbo").
  let best: [string, number] | undefined;
  for (const t of entry.trims ?? []) {
    const tokens = t[0].split(' ');
    if (tokens.every((x) => have.has(x)) && (!best || tokens.length > best[0].split(' ').length)) best = t;
  }
  return best ? { usd: best[1], basis: 'trim' } : { usd: entry.usd, basis: 'model' };
}
