import { describe, expect, it } from 'vitest';
import { valueCar, type Comparable } from '../src/index.js';

const subject = { year: 2021, make: 'Porsche', model: '911 Carrera S', mileage: 20_000, condition: 'Good', zip: '48226' };
const sale = (priceUsd: number, over: Partial<Comparable> = {}): Comparable => ({
  year: 2021, make: 'Porsche', model: '911 Carrera S', mileage: 24_000, condition: 'Good', priceCents: priceUsd * 100, daysToSell: 9, ...over,
});
const comps = [sale(118_000), sale(121_000, { mileage: 15_000 }), sale(112_000, { condition: 'Fair' }), sale(126_000, { year: 2022 }), sale(119_500)];

describe('valuation model', () => {
  it('values more miles lower', () => {
    const low = valueCar({ ...subject, mileage: 10_000 }, comps, 2024).valueCents;
    const high = valueCar({ ...subject, mileage: 60_000 }, comps, 2024).valueCents;
    expect(high).toBeLessThan(low);
  });

  it('values worse condition lower', () => {
    const order = ['Excellent', 'Very Good', 'Good', 'Fair', 'Poor'].map((condition) => valueCar({ ...subject, condition }, comps, 2024).valueCents);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(new Set(order).size).toBe(5);
  });

  it('is more confident with more comparables, and with agreeing ones', () => {
    const none = valueCar(subject, [], 2024).confidence;
    const one = valueCar(subject, comps.slice(0, 1), 2024).confidence;
    const five = valueCar(subject, comps, 2024).confidence;
    expect(none).toBeLessThan(one);
    expect(one).toBeLessThan(five);
    const scattered = valueCar(subject, [sale(60_000), sale(180_000), sale(90_000), sale(150_000), sale(120_000)], 2024).confidence;
    expect(scattered).toBeLessThan(five);
  });

  it('lands near what comparable cars sold for, and explains itself', () => {
    const v = valueCar(subject, comps, 2024);
    expect(v.valueCents / 100).toBeGreaterThan(100_000);
    expect(v.valueCents / 100).toBeLessThan(140_000);
    const b = v.breakdown;
    expect(b.baseCents + b.conditionCents + b.mileageCents + b.marketCents).toBe(v.valueCents);
    expect(v.lowCents).toBeLessThan(v.valueCents);
    expect(v.highCents).toBeGreaterThan(v.valueCents);
    expect(v.daysToSell).toBe(9);
  });

  it('falls back on the depreciation prior without comparables', () => {
    const v = valueCar({ ...subject, make: 'Honda', model: 'Civic Type R', year: 2023 }, [], 2024);
    expect(v.comparablesUsed).toBe(0);
    expect(v.valueCents).toBeGreaterThan(0);
    expect(v.confidence).toBeLessThan(50);
  });
});
