import { describe, expect, it } from 'vitest';
import {
  fitCoefficients,
  LITTLE_MARKET_DATA_CONFIDENCE,
  normaliseCar,
  parseMarketCsv,
  residualSkew,
  splitByCar,
  splitModelAndTrim,
  valueCar,
  type MarketRow,
} from '../src/index.js';

// The model as the product ships it: the stored coefficients and the market data they were fitted on.
import { model, newPrices, rows, stored } from './support/shipped-model.js';
const asOf = '2026-01-15';
const value = (
  car: { year: number; make: string; model: string; trim?: string; mileage: number },
  platformSales: MarketRow[] = [],
) => valueCar(model, car, { asOf, platformSales });

describe('valuation model', () => {
  it('values a 911 GT3 well above a 911 Carrera of the same year, and a Carrera S between them', () => {
    for (const year of [2015, 2019, 2022]) {
      const carrera = value({ year, make: 'Porsche', model: '911', trim: 'Carrera', mileage: 15_000 }).valueCents;
      const s = value({ year, make: 'Porsche', model: '911', trim: 'Carrera S Coupe', mileage: 15_000 }).valueCents;
      const gt3 = value({ year, make: 'Porsche', model: '911', trim: 'GT3', mileage: 15_000 }).valueCents;
      expect(gt3).toBeGreaterThan(carrera * 1.5);
      expect(s).toBeGreaterThan(carrera);
      expect(s).toBeLessThan(gt3);
    }
  });

  it('never values more miles higher', () => {
    const cars = [
      { year: 2019, make: 'Porsche', model: '911', trim: 'GT3 Touring' },
      { year: 2014, make: 'Toyota', model: 'Camry', trim: 'SE' },
      { year: 2018, make: 'Ford', model: 'F-150', trim: '' },
      { year: 2016, make: 'Mercedes-Benz', model: 'E350', trim: '4MATIC Wagon' },
      { year: 2021, make: 'Ferrari', model: 'F8 Tributo', trim: '' },
    ];
    for (const car of cars) {
      const values = [0, 1_000, 5_000, 20_000, 60_000, 120_000, 250_000].map(
        (mileage) => value({ ...car, mileage }).valueCents,
      );
      expect(values).toEqual([...values].sort((a, b) => b - a));
      expect(values[0]).toBeGreaterThan(values[values.length - 1]!);
    }
  });

  it('is unsure with thin data: confidence under 50, a wider range, and it says why', () => {
    const rich = value({ year: 2019, make: 'Porsche', model: '911', trim: 'Carrera S', mileage: 20_000 });
    const thin = value({ year: 2019, make: 'Audi', model: 'RS3', trim: '', mileage: 15_000 });
    const none = value({ year: 2020, make: 'Ferrari', model: '488 GTB', mileage: 8_000 });
    const width = (v: typeof rich) => v.highCents / v.lowCents;
    expect(rich.confidence).toBeGreaterThanOrEqual(50);
    for (const v of [thin, none]) {
      expect(v.confidence).toBeLessThan(50);
      expect(width(v)).toBeGreaterThan(width(rich) * 1.5);
    }
    expect(thin.basis).toMatch(/^1 comparable sale, model years 2019/);
    // No page cited a 488 GTB price: it keeps Ferrari's typical new price (the median of its cited ones), and says so.
    expect(none.newPricePrior).toMatchObject({ usd: 230_275, basis: 'make', source: null });
    expect(none.basis).toMatch(/no cited new price for it: only the make's typical new price/);
    expect(none.littleData).toBe(true);
    expect(rich.basis).toMatch(/^\d+ comparable sales, model years \d{4}-\d{4}, priced \d{4}/);
  });

  it('states a range around the value, a breakdown that adds up, and the comparables it used', () => {
    const v = value({ year: 2019, make: 'Porsche', model: '911', trim: 'GT3', mileage: 9_000 });
    expect(v.lowCents).toBeLessThan(v.valueCents);
    expect(v.highCents).toBeGreaterThan(v.valueCents);
    const b = v.breakdown;
    expect(b.baseCents + b.mileageCents + b.conditionCents + b.marketCents).toBe(v.valueCents);
    expect(v.comparables.length).toBeGreaterThan(3);
    for (const c of v.comparables) expect(normaliseCar(c.make, c.model, c.trim).family).toBe('911');
    expect(v.comparables[0]!.trim).toMatch(/GT3/);
  });

  it('takes the trim out of a model name that carries it', () => {
    const a = value({ year: 2021, make: 'Porsche', model: '911 Carrera S', mileage: 18_000 });
    const b = value({ year: 2021, make: 'Porsche', model: '911', trim: 'Carrera S', mileage: 18_000 });
    expect(a.valueCents).toBe(b.valueCents);
    expect(a.comparablesUsed).toBeGreaterThan(5);
  });

  it('keeps a model of its own that starts like a known one, unless the rest reads as that model trim', () => {
    // As if the data had no Bronco Sport: "Sport" is no trim word of the Bronco sales, so the name stays whole and
    // the estimate rests on a prior, not on Bronco sales with their confidence.
    const { 'Ford|broncosport': _dropped, ...families } = model.families;
    const withoutIt = { ...model, families };
    expect(splitModelAndTrim(withoutIt, { make: 'Ford', model: 'Bronco Sport', trim: 'Outer Banks' })).toEqual({
      model: 'Bronco Sport',
      trim: 'Outer Banks',
    });
    const v = valueCar(
      withoutIt,
      { year: 2021, make: 'Ford', model: 'Bronco Sport', trim: 'Outer Banks', mileage: 20_000 },
      { asOf },
    );
    expect(v.evidence).toBe('prior');
    expect(v.confidence).toBeLessThan(LITTLE_MARKET_DATA_CONFIDENCE);
    expect(splitModelAndTrim(withoutIt, { make: 'Ford', model: 'Bronco Outer Banks' })).toEqual({
      model: 'Bronco',
      trim: 'Outer Banks',
    });
  });

  it('lets the marketplace own closed sales join the comparables, ahead of market rows', () => {
    const car = { year: 2019, make: 'Porsche', model: '911', trim: 'Carrera S', mileage: 20_000 };
    const before = value(car);
    const sale: MarketRow = {
      ...car,
      model: '911 Carrera S',
      trim: '',
      priceCents: Math.round(before.valueCents * 1.3),
      kind: 'platform sale',
      date: '2026-01-10',
      source: 'auction 1',
    };
    const after = value(car, [sale]);
    expect(after.valueCents).toBeGreaterThan(before.valueCents);
    expect(after.comparables[0]).toMatchObject({ kind: 'platform sale', priceCents: sale.priceCents });
  });

  it('normalises the market data names into families and trims', () => {
    expect(normaliseCar('Mercedes-Benz', 'E350', '4MATIC Wagon')).toMatchObject({
      family: 'e-class',
      body: 'wagon',
      trimTokens: ['350', '4matic'],
    });
    expect(normaliseCar('Mercedes-Benz', 'AMG E 63', 'S').family).toBe('e-class');
    expect(normaliseCar('Ford', 'Super Duty F-250', '').family).toBe('f-250');
    expect(normaliseCar('BMW', '328i', '').family).toBe('3 series');
    expect(normaliseCar('Porsche', '911', 'GT3 Touring 6-Speed')).toMatchObject({
      trimKey: 'gt3 touring',
      manual: true,
      body: 'other',
    });
    expect(normaliseCar('Porsche', '911', 'Carrera 4S Cabriolet')).toMatchObject({
      trimKey: '4s carrera',
      body: 'cabriolet',
    });
    expect(normaliseCar('Porsche', '911', 'Carrera S', 'Convertible')).toMatchObject({
      trimKey: 'carrera s',
      body: 'cabriolet',
    });
    expect(normaliseCar('Porsche', '911', 'Carrera S', 'Coupe').body).toBe('other');
  });

  it('keeps the stored coefficients in step with the market data (run npm run fit:valuation after changing it)', () => {
    const fresh = fitCoefficients(rows, newPrices);
    expect(stored.fittedRows).toBe(rows.length);
    for (const [k, v] of Object.entries(fresh.global)) expect(stored.global[k]).toBeCloseTo(v, 4);
    expect(Object.keys(stored.families).sort()).toEqual(Object.keys(fresh.families).sort());
    expect(stored.calibration).not.toBeNull();
  }, 60_000);

  it('splits by car: a relisted car never lands on both sides', () => {
    const { train, test } = splitByCar(rows, 0.2, 'holdout');
    const key = (r: MarketRow) => `${r.year}|${r.make}|${r.model}|${r.trim}|${r.mileage}`;
    const trainKeys = new Set(train.map(key));
    expect(test.some((r) => trainKeys.has(key(r)))).toBe(false);
    expect(test.length / rows.length).toBeGreaterThan(0.15);
  });

  it('takes the comparables about their family median: a few dear sales do not lift every estimate', () => {
    const sale = (residual: number) => ({ kind: 'auction sale' as const, residual });
    // Weighted mean 0.1, median 0: the gap is what the correction gives back, shrunk as ten sales' worth.
    const skewed = [-0.1, 0, 0, 0.1, 0.5].map(sale);
    expect(residualSkew(skewed)).toBeCloseTo((0.1 * 5) / 15, 10);
    expect(residualSkew([...skewed, ...skewed, ...skewed, ...skewed])).toBeCloseTo((0.1 * 20) / 30, 10);
    expect(residualSkew([-0.2, 0, 0.2].map(sale))).toBeCloseTo(0, 10);
    expect(residualSkew([])).toBe(0);
    // Every family of the shipped model: a gap of a few percent, never the size of a trim's difference.
    for (const family of Object.values(model.families)) expect(Math.abs(family.skew)).toBeLessThan(0.1);
  });

  it('refuses a malformed market data line', () => {
    expect(() =>
      parseMarketCsv(
        'year,make,model,trim,mileage,price_usd,kind,date,source\n2019,Porsche,911,,x,100,auction sale,,u',
      ),
    ).toThrow(/line 2/);
    expect(
      parseMarketCsv(
        'year,make,model,trim,mileage,price_usd,kind,date,source\n2019,Ford,F-150,"XLT, 4x4",1,20000.5,asking price,2020,u',
      )[0],
    ).toMatchObject({ trim: 'XLT, 4x4', priceCents: 2_000_050, date: '2020-07-01' });
  });
});
