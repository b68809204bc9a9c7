import { describe, expect, it } from 'vitest';
import { centsToDecimal, escrowFees, buyNowSplit, formatCents, formatMoney, parseMoneyToCents, toCents } from '../src/index.js';

describe('money', () => {
  it('shows US dollars with no decimal places', () => {
    expect(formatMoney('12345.00')).toBe('$12,345');
    expect(formatMoney('1000000.49')).toBe('$1,000,000');
    expect(formatMoney('0.50')).toBe('$1');
    expect(formatCents(0)).toBe('$0');
  });

  it('turns decimal strings into integer cents and back without float drift', () => {
    expect(parseMoneyToCents('0.1')).toBe(10);
    expect(parseMoneyToCents('0.2')).toBe(20);
    expect(toCents('0.1') + toCents('0.2')).toBe(toCents('0.3'));
    expect(centsToDecimal(toCents('12500.05'))).toBe('12500.05');
    expect(toCents(12500.5)).toBe(1250050);
  });

  it('refuses amounts with three decimals, signs or words', () => {
    for (const bad of ['12.345', '-5', 'abc', '1e5', '']) expect(parseMoneyToCents(bad)).toBeNull();
  });

  it('charges the buyer 2.5% and the seller 1.5% in escrow, exactly', () => {
    const f = escrowFees(toCents('80000.00'));
    expect(f.buyerFeeCents).toBe(2000_00);
    expect(f.sellerFeeCents).toBe(1200_00);
    expect(f.buyerTotalCents).toBe(82000_00);
    expect(f.sellerPayoutCents).toBe(78800_00);
  });

  it('splits a Buy It Now price 95/5 with nothing lost to rounding', () => {
    const s = buyNowSplit(toCents('84999.99'));
    expect(s.vehicleCents + s.processingCents).toBe(8499999);
    expect(s.processingCents).toBe(425000);
  });
});
