import { describe, expect, it } from 'vitest';
import {
  ESCROW_BALANCE_DUE_DAYS,
  ESCROW_INSPECTION_DAYS,
  ESCROW_PAYMENT_DUE_HOURS,
  FEE_SCHEDULE,
  escrowTerms,
  scheduleWithCommission,
} from '../src/index.js';

describe('the escrow terms', () => {
  it('state the fees, deadlines, inspection period and dispute rules from the figures the escrow applies', () => {
    const text = escrowTerms(FEE_SCHEDULE)
      .sections.map((s) => s.text)
      .join(' ');
    expect(text).toContain("a buyer's premium of 5%");
    expect(text).toContain('an escrow fee of 2.5%');
    expect(text).toContain('a commission of 3%');
    expect(text).toContain(`within ${ESCROW_PAYMENT_DUE_HOURS} hours of the sale`);
    expect(text).toContain(`within ${ESCROW_BALANCE_DUE_DAYS} days of the sale`);
    expect(text).toContain(`${ESCROW_INSPECTION_DAYS} days from delivery`);
    expect(text).toContain('On a sale with a balance still owed the decision ends the sale');
  });

  it('has a version that stays for the same words and changes with any figure', () => {
    const a = escrowTerms(FEE_SCHEDULE);
    expect(a.version).toMatch(/^[0-9a-f]{8}$/);
    expect(escrowTerms({ ...FEE_SCHEDULE }).version).toBe(a.version);
    const b = escrowTerms(scheduleWithCommission(7));
    expect(b.version).not.toBe(a.version);
    expect(b.sections[0]!.text).toContain('a commission of 7%');
  });
});
