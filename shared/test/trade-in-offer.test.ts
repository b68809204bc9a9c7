import { describe, expect, it } from 'vitest';
import {
  TRADE_IN_OFFER_VALID_DAYS,
  TradeInEvaluateBodySchema,
  offerActionProblem,
  payoffDateProblem,
  tradeInOffer,
  utcDate,
} from '../src/index.js';

const NOW = new Date('2026-06-01T12:00:00.000Z');

describe('trade-in offer rule', () => {
  it('takes the condition step, then a 12% margin, and holds the offer 7 days', () => {
    const o = tradeInOffer({ valueCents: 50_000_00, condition: 'good', now: NOW });
    expect(o).toMatchObject({
      conditionAdjustmentCents: 0,
      estimatedValueCents: 50_000_00,
      marginCents: 6_000_00,
      lienPayoffCents: 0,
      offerCents: 44_000_00,
    });
    expect(o.validUntil.toISOString()).toBe('2026-06-08T12:00:00.000Z');
    expect(TRADE_IN_OFFER_VALID_DAYS).toBe(7);
  });

  it('prices condition: excellent above, fair and poor below the valuation', () => {
    const at = (condition: 'excellent' | 'good' | 'fair' | 'poor') =>
      tradeInOffer({ valueCents: 20_000_00, condition, now: NOW });
    expect(at('excellent').conditionAdjustmentCents).toBe(600_00);
    expect(at('fair').conditionAdjustmentCents).toBe(-1_600_00);
    expect(at('poor').conditionAdjustmentCents).toBe(-4_000_00);
    expect(at('poor').offerCents).toBeLessThan(at('fair').offerCents);
  });

  it('keeps a minimum margin on cheap cars and rounds the offer down to whole dollars', () => {
    const o = tradeInOffer({ valueCents: 4_000_99, condition: 'good', now: NOW });
    expect(o.marginCents).toBe(750_00);
    expect(o.offerCents).toBe(3_250_00);
  });

  it('pays a lien from the offer with the 10-day payoff, and never offers below zero', () => {
    const o = tradeInOffer({
      valueCents: 30_000_00,
      condition: 'good',
      lien: { payoffCents: 12_000_00, perDiemCents: 4_25 },
      now: NOW,
    });
    expect(o.lienPayoffCents).toBe(12_042_50);
    expect(o.equityCents).toBe(30_000_00 - 3_600_00 - 12_042_50);
    expect(o.offerCents).toBe(14_357_00);
    const under = tradeInOffer({
      valueCents: 10_000_00,
      condition: 'poor',
      lien: { payoffCents: 15_000_00, perDiemCents: 0 },
      now: NOW,
    });
    expect(under.offerCents).toBe(0);
    expect(under.equityCents).toBeLessThan(0);
  });

  it('refuses payoff dates before today and malformed ones', () => {
    expect(payoffDateProblem('2026-05-31', '2026-06-01')).toBe('Payoff valid-through date cannot be before today');
    expect(payoffDateProblem('2026-06-01', '2026-06-01')).toBeNull();
    expect(payoffDateProblem('2026-13-45', '2026-06-01')).toMatch(/must be a date/);
    expect(utcDate(NOW)).toBe('2026-06-01');
  });

  it('lets an owner act on an active offer only before it expires', () => {
    const validUntil = new Date(NOW.getTime() + 1000);
    expect(offerActionProblem({ status: 'active', validUntil }, NOW)).toBeNull();
    expect(offerActionProblem({ status: 'active', validUntil }, new Date(validUntil.getTime()))).toBe(
      'This offer has expired',
    );
    expect(offerActionProblem({ status: 'accepted', validUntil }, NOW)).toBe('This offer has already been accepted');
  });
});

describe('trade-in form', () => {
  const base = { vin: '1HGCM82633A004352', mileage: '42000', condition: 'good' };
  const title = '/uploads/' + 'a'.repeat(32) + '.png';
  const issues = (body: object) => TradeInEvaluateBodySchema.safeParse(body).error?.issues.map((i) => i.message) ?? [];

  it('needs a title photo without a lien, PNG or JPG only', () => {
    expect(issues(base)).toEqual(['Without a lien, upload at least one title photo']);
    expect(issues({ ...base, titlePhotos: [title] })).toEqual([]);
    expect(issues({ ...base, titlePhotos: ['/uploads/' + 'a'.repeat(32) + '.webp'] })).toEqual([
      'Title photos must be PNG or JPG images up to 10 MB',
    ]);
  });

  it('with a lien needs lienholder and payoff, a date not before today, and a per diem with two decimals', () => {
    const lien = { ...base, hasLien: true };
    expect(issues(lien)).toEqual([
      'Lienholder name is required when there is a lien',
      'Payoff amount is required when there is a lien',
    ]);
    const ok = {
      ...lien,
      lienholderName: 'Ally',
      payoffAmount: '12000.00',
      payoffPerDiem: '4.25',
      payoffValidDate: utcDate(new Date()),
    };
    expect(issues(ok)).toEqual([]);
    expect(issues({ ...ok, payoffPerDiem: '4.255' })).toEqual([
      'Per diem must be an amount with at most two decimals, below 1000',
    ]);
    const yesterday = utcDate(new Date(Date.now() - 86_400_000));
    expect(issues({ ...ok, payoffValidDate: yesterday })).toEqual(['Payoff valid-through date cannot be before today']);
    expect(TradeInEvaluateBodySchema.parse(ok)).toMatchObject({
      vin: '1HGCM82633A004352',
      mileage: 42000,
      payoffAmount: 12_000_00,
      payoffPerDiem: 4_25,
    });
  });

  it('refuses a bad VIN and an unknown condition with their reasons', () => {
    expect(issues({ ...base, titlePhotos: [title], vin: '1HGCM82633A00435' })).toEqual(['VIN must be 17 characters']);
    expect(issues({ ...base, titlePhotos: [title], condition: 'mint' })[0]).toMatch(/Condition must be one of/);
  });
});
