import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatCents, formatMoney, parseMoneyToCents, roughDecimal, toCents } from '../src/index.js';

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

  it('keeps a rough figure to its first two significant digits', () => {
    expect(roughDecimal('1234567.89')).toBe('1200000.00');
    expect(roughDecimal('25285.00')).toBe('25000.00');
    expect(roughDecimal('9.99')).toBe('10.00');
    expect(roughDecimal('0.00')).toBe('0.00');
  });
});
