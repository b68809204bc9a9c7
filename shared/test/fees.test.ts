import { describe, expect, it } from 'vitest';
import { FEE_SCHEDULE, buyerFeeLines, percentText, saleFees, sellerFeeLines, toCents } from '../src/index.js';

describe('the fee schedule', () => {
  it('charges the buyer a 5% premium and a 2.5% escrow fee, and the seller a 3% commission and a 1.5% escrow fee', () => {
    const f = saleFees(toCents('80000.00'), FEE_SCHEDULE);
    expect(f).toEqual({
      priceCents: 80_000_00,
      buyersPremiumCents: 4_000_00,
      buyerEscrowFeeCents: 2_000_00,
      buyerTotalCents: 86_000_00,
      sellersCommissionCents: 2_400_00,
      sellerEscrowFeeCents: 1_200_00,
      sellerProceedsCents: 76_400_00,
    });
  });

  it('rounds each fee half up to the cent and the lines add up exactly', () => {
    const f = saleFees(toCents('84999.99'), FEE_SCHEDULE);
    expect(f.buyersPremiumCents).toBe(4_250_00); // 4249.9995 -> 4250.00
    expect(f.buyerTotalCents).toBe(f.priceCents + f.buyersPremiumCents + f.buyerEscrowFeeCents);
    expect(f.sellerProceedsCents).toBe(f.priceCents - f.sellersCommissionCents - f.sellerEscrowFeeCents);
    for (let cents = 0; cents < 100_000; cents += 7) {
      const g = saleFees(cents, FEE_SCHEDULE);
      expect(g.buyerTotalCents - g.priceCents).toBe(g.buyersPremiumCents + g.buyerEscrowFeeCents);
    }
  });

  it('shows the buyer and the seller lines that end on the same totals', () => {
    const f = saleFees(52_000_00, FEE_SCHEDULE);
    expect(buyerFeeLines(f, FEE_SCHEDULE).map((l) => [l.label, l.cents])).toEqual([
      ['Vehicle price', 52_000_00],
      ["Buyer's premium (5%)", 2_600_00],
      ['Escrow fee (2.5%)', 1_300_00],
      ['Total due', 55_900_00],
    ]);
    expect(sellerFeeLines(f, FEE_SCHEDULE).at(-1)).toEqual({ label: 'You receive', cents: 49_660_00 });
  });

  it('computes with the schedule it is given, so an escrow keeps the rates of its sale', () => {
    const f = saleFees(10_000_00, { ...FEE_SCHEDULE, sellersCommissionBps: 700 });
    expect(f.sellersCommissionCents).toBe(700_00);
  });

  it('writes rates as people read them', () => {
    expect([500, 250, 150, 125, 1000].map(percentText)).toEqual(['5%', '2.5%', '1.5%', '1.25%', '10%']);
  });
});
