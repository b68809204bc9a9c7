import { expect, it } from 'vitest';
import { CERTIFIED_PREMIUM_BPS, marketValues, tradeInOffer } from '../src/index.js';

const now = new Date('2026-11-27T00:00:00Z');

it('reads trade-in, retail and certified from one valuation, in that order, with retail the valuation itself', () => {
  for (const retailCents of [248_000_00, 159_029_00, 12_345_67, 2_000_00]) {
    const v = marketValues(retailCents, now)!;
    expect(v.retailCents).toBe(retailCents);
    expect(v.tradeInCents).toBe(tradeInOffer({ valueCents: retailCents, condition: 'good', now }).offerCents);
    expect(v.tradeInCents).toBeGreaterThan(0);
    expect(v.tradeInCents).toBeLessThan(v.retailCents);
    expect(v.certifiedCents).toBeGreaterThan(v.retailCents);
    expect(v.certifiedCents).toBeLessThanOrEqual(Math.round(retailCents * (1 + CERTIFIED_PREMIUM_BPS / 10_000)) + 100);
  }
  expect(marketValues(248_000_00, now)).toEqual({
    tradeInCents: 218_240_00,
    retailCents: 248_000_00,
    certifiedCents: 265_360_00,
  });
});

it('states nothing rather than $0: no valuation, a zero or a car worth less than the dealer margin', () => {
  expect(marketValues(null, now)).toBeNull();
  expect(marketValues(0, now)).toBeNull();
  expect(marketValues(-5, now)).toBeNull();
  expect(marketValues(Number.NaN, now)).toBeNull();
  expect(marketValues(700_00, now)).toBeNull();
});
