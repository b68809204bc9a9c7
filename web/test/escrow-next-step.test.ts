// The escrow page's next step names what is due, from the stored schedule: the whole amount or a deposit first, then
// the balance once the deposit is paid.
import { describe, expect, it } from 'vitest';
import type { EscrowTransaction } from '@app/shared';
import { nextStep, when } from '../src/features/escrow/utils/next-step';

const SALE = Date.parse('2025-05-01T12:00:00Z');
const at = (hours: number) => new Date(SALE + hours * 3_600_000).toISOString();
const line = (
  paymentType: 'deposit' | 'balance' | 'full' | 'fee',
  amount: string,
  dueHours: number,
  status = 'pending',
) => ({
  paymentType,
  amount,
  dueDate: at(dueHours),
  status,
  paidAt: status === 'paid' ? at(1) : null,
  failureReason: null,
});

/** The fields the next step reads, for a pending escrow whose terms both parties accepted. */
function escrow(role: 'buyer' | 'seller', schedule: ReturnType<typeof line>[]): EscrowTransaction {
  const doc = (documentType: string) => ({
    id: 1,
    documentType,
    verificationStatus: 'pending',
    uploaded: false,
    fileUrl: null,
    uploadedAt: null,
    rejectionReason: null,
  });
  return {
    role,
    status: 'pending',
    buyerTermsAccepted: true,
    sellerTermsAccepted: true,
    sellerId: 2,
    paymentDueAt: at(48),
    inspectionPeriodEnds: null,
    documents: ['title', 'bill_of_sale', 'inspection_report'].map(doc),
    payment: { provider: 'sandbox', started: false, schedule },
  } as unknown as EscrowTransaction;
}

const opened = [line('deposit', '5375.00', 48), line('balance', '48375.00', 168)];
const depositPaid = [line('deposit', '5375.00', 48, 'paid'), line('balance', '48375.00', 168)];

describe('the escrow next step', () => {
  it('offers the buyer the whole amount or a deposit first, with both dates', () => {
    expect(nextStep(escrow('buyer', opened))).toBe(
      `Pay $53,750 by ${when(at(48))} on the payment tab, or a deposit of $5,375 by then and the balance by ${when(at(168))}.`,
    );
    // Transit insurance added: its premium is due with the deposit.
    expect(nextStep(escrow('buyer', [...opened, line('fee', '500.00', 48)]))).toMatch(
      /^Pay \$54,250 by .*, or a deposit of \$5,875 by then/,
    );
  });

  it('names the balance once the deposit is paid, for the buyer and the seller', () => {
    expect(nextStep(escrow('buyer', depositPaid))).toBe(
      `Deposit received. Pay the balance of $48,375 by ${when(at(168))} on the payment tab.`,
    );
    expect(nextStep(escrow('seller', depositPaid))).toBe(
      `The buyer paid a deposit of $5,375; the balance of $48,375 is due by ${when(at(168))}. Upload the title, bill of sale, inspection report meanwhile.`,
    );
    expect(nextStep(escrow('seller', opened))).toMatch(
      /^Waiting for the buyer's payment of \$53,750, or a deposit of \$5,375, due by /,
    );
  });

  it('keeps the single payment of an escrow opened before deposits', () => {
    expect(nextStep(escrow('buyer', [line('full', '53750.00', 48)]))).toBe(
      `Pay $53,750 by ${when(at(48))} on the payment tab.`,
    );
    expect(nextStep(escrow('buyer', [line('full', '53750.00', 48, 'paid')]))).toBe(
      'Waiting for the payment provider to confirm your payment.',
    );
  });
});
