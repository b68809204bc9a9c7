import { describe, expect, it } from 'vitest';
import { MIN_SALES_PER_WINDOW, carCategoryOf, marketInsights, referenceStats, type MarketKind } from '../src/index.js';

describe('car category of a model', () => {
  it.each([
    ['Porsche', '911', 2019, 'sports'],
    ['Porsche', 'Cayenne', 2019, 'suv'],
    ['Porsche', 'Panamera', 2019, 'luxury'],
    ['Mercedes-Benz', 'AMG G63', 2021, 'suv'],
    ['Mercedes-Benz', 'GLK350', 2014, 'suv'],
    ['Mercedes-Benz', 'S550', 2015, 'luxury'],
    ['Mercedes-Benz', 'SL550', 2013, 'luxury'],
    ['Mercedes-Benz', 'SLK350', 2012, 'sports'],
    ['Mercedes-Benz', 'AMG GT', 2020, 'luxury'],
    ['BMW', '750Li', 2016, 'luxury'],
    ['BMW', 'M5', 2018, 'luxury'],
    ['BMW', 'M3', 2018, 'sports'],
    ['BMW', 'X5', 2018, 'suv'],
    ['Audi', 'SQ5', 2018, 'suv'],
    ['Audi', 'A8L', 2018, 'luxury'],
    ['Audi', 'RS5', 2018, 'sports'],
    ['Ford', 'F-150', 2020, 'suv'],
    ['Ford', 'Mustang', 2020, 'sports'],
    ['Chevrolet', 'Corvette', 1985, 'classic'],
  ] as const)('%s %s (%i) is %s', (make, model, year, category) => {
    expect(carCategoryOf(make, model, year)).toBe(category);
  });
});

const row = (model: string, date: string, dollars: number, kind: MarketKind = 'auction sale') => ({
  year: 2019,
  make: 'Porsche',
  model,
  kind,
  date,
  priceCents: dollars * 100,
});

describe('market insights', () => {
  it("sums the reference data's dated auction sales in its own last 30 days against the 30 before", () => {
    const ref = referenceStats([
      row('911', '2026-01-20', 100_000),
      row('911', '2025-12-25', 120_000),
      row('911', '2025-12-10', 90_000),
      row('911', '2025-11-01', 1),
      row('Cayenne', '2026-01-19', 80_000),
      row('911', '2026-01-21', 999_999, 'asking price'),
    ]);
    expect(ref.to).toBe('2026-01-20');
    expect(ref.byCategory).toEqual({
      sports: { nowAvgCents: 110_000_00, nowSales: 2, beforeAvgCents: 90_000_00, beforeSales: 1 },
      suv: { nowAvgCents: 80_000_00, nowSales: 1, beforeAvgCents: null, beforeSales: 0 },
    });
  });

  it('shows the three categories with most sales, each on sales here when both windows have enough, else the labelled market data, else no trend', () => {
    const n = MIN_SALES_PER_WINDOW;
    const insights = marketInsights(
      {
        suv: { nowAvgCents: 110_00, nowSales: n, beforeAvgCents: 100_00, beforeSales: n },
        luxury: { nowAvgCents: 50_00, nowSales: n - 1, beforeAvgCents: 50_00, beforeSales: n },
      },
      {
        to: '2026-01-20',
        byCategory: {
          luxury: { nowAvgCents: 90_00, nowSales: n, beforeAvgCents: 100_00, beforeSales: n },
          classic: { nowAvgCents: 1, nowSales: 1, beforeAvgCents: null, beforeSales: 0 },
        },
      },
    );
    expect(insights.map((i) => [i.category, i.source, i.trend, i.percent])).toEqual([
      ['suv', 'marketplace', 'up', 10],
      ['luxury', 'market data', 'down', -10],
      ['classic', 'none', null, null],
    ]);
    expect(insights[1]!.basis).toMatch(
      /^market data: 3 auction sales in the 30 days to 2026-01-20 against 3 the 30 days before \(too few here/,
    );
  });

  it('where real sales here are too few, the seeded sample sales (dated to today) stand in, labelled made up, before the older market data', () => {
    const n = MIN_SALES_PER_WINDOW;
    const insights = marketInsights(
      { sports: { nowAvgCents: 1, nowSales: 1, beforeAvgCents: null, beforeSales: 0 } },
      {
        to: '2026-01-20',
        byCategory: { sports: { nowAvgCents: 90_00, nowSales: n, beforeAvgCents: 100_00, beforeSales: n } },
      },
      {
        sports: { nowAvgCents: 105_00, nowSales: n, beforeAvgCents: 100_00, beforeSales: n },
        luxury: { nowAvgCents: 100_00, nowSales: 1, beforeAvgCents: 100_00, beforeSales: 1 },
      },
    );
    expect(insights.slice(0, 2).map((i) => [i.category, i.source, i.trend, i.percent])).toEqual([
      ['sports', 'sample sales', 'up', 5],
      ['luxury', 'none', null, null],
    ]);
    expect(insights[0]!.basis).toMatch(/^sample sales \(made-up figures\): 3 in the last 30 days against 3/);
  });
});
