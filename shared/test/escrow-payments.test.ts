import { describe, expect, it } from 'vitest';
import {
  decidePaymentLines,
  paymentDue,
  paymentScheduleOf,
  refundsByPayment,
  type ScheduleLine,
} from '../src/index.js';

const SALE = Date.parse('2025-05-01T12:00:00Z');
const HOUR = 3_600_000;

/** The schedule of a $53,750.00 sale as stored, with the given changes by line. */
function stored(changes: Partial<ScheduleLine>[] = []): ScheduleLine[] {
  return paymentScheduleOf(5_375_000, SALE).map((l, i) => ({
    ...l,
    status: 'pending',
    paymentId: null,
    ...changes[i],
  }));
}

describe('the payment schedule', () => {
  it('is a 10% deposit due 48 hours after the sale and the balance due 7 days after it, adding up to the total', () => {
    expect(paymentScheduleOf(5_375_000, SALE)).toEqual([
      { paymentType: 'deposit', amountCents: 537_500, dueAtMs: SALE + 48 * HOUR },
      { paymentType: 'balance', amountCents: 4_837_500, dueAtMs: SALE + 7 * 24 * HOUR },
    ]);
    // Rounded half up to the cent; the balance takes the rest, so nothing is lost.
    const odd = paymentScheduleOf(1_234_565, SALE);
    expect(odd.map((l) => l.amountCents)).toEqual([123_457, 1_111_108]);
  });

  it('says what is due: the total or the deposit first; then the balance; nothing once paid', () => {
    const fee = {
      paymentType: 'fee' as const,
      amountCents: 50_000,
      dueAtMs: SALE + 48 * HOUR,
      status: 'pending',
      paymentId: null,
    };
    expect(paymentDue([...stored(), fee])).toEqual({
      totalCents: 5_425_000,
      first: { paymentType: 'deposit', amountCents: 587_500, dueAtMs: SALE + 48 * HOUR },
      finalDueAtMs: SALE + 7 * 24 * HOUR,
      depositOpen: true,
      paidCents: 0,
    });
    expect(paymentDue([...stored([{ status: 'paid' }]), { ...fee, status: 'paid' }])).toMatchObject({
      totalCents: 4_837_500,
      first: { paymentType: 'balance', amountCents: 4_837_500 },
      depositOpen: false,
      paidCents: 587_500,
    });
    expect(paymentDue(stored([{ status: 'paid' }, { status: 'paid' }]))).toMatchObject({
      totalCents: 0,
      first: null,
      paidCents: 5_375_000,
    });
    // A declined card leaves the line owed; a cancelled escrow's lines are owed no more.
    expect(paymentDue(stored([{ status: 'failed' }])).totalCents).toBe(5_375_000);
    expect(paymentDue(stored([{ status: 'cancelled' }, { status: 'cancelled' }])).first).toBeNull();
  });
});

describe('what one payment covers', () => {
  it('covers everything owed, or the deposit with any fee due by its date', () => {
    const fee = {
      paymentType: 'fee' as const,
      amountCents: 50_000,
      dueAtMs: SALE + 48 * HOUR,
      status: 'pending',
      paymentId: null,
    };
    const lines = [...stored(), fee];
    expect(decidePaymentLines(lines, 'all')).toMatchObject({ ok: true, amountCents: 5_425_000, reuseIntent: null });
    const deposit = decidePaymentLines(lines, 'deposit');
    expect(deposit).toMatchObject({ ok: true, amountCents: 587_500, reuseIntent: null });
    expect(deposit.ok && deposit.lines.map((l) => l.paymentType)).toEqual(['deposit', 'fee']);
  });

  it('reuses the intent of the same lines (a retry after a declined card), never one that pays other lines', () => {
    const declinedAll = stored([
      { status: 'failed', paymentId: 'pi_1' },
      { status: 'failed', paymentId: 'pi_1' },
    ]);
    expect(decidePaymentLines(declinedAll, 'all')).toMatchObject({ ok: true, reuseIntent: 'pi_1' });
    // The deposit alone is a different payment: a new intent.
    expect(decidePaymentLines(declinedAll, 'deposit')).toMatchObject({
      ok: true,
      reuseIntent: null,
      amountCents: 537_500,
    });
    const declinedDeposit = stored([{ status: 'failed', paymentId: 'pi_2' }]);
    expect(decidePaymentLines(declinedDeposit, 'deposit')).toMatchObject({ ok: true, reuseIntent: 'pi_2' });
    expect(decidePaymentLines(declinedDeposit, 'all')).toMatchObject({ ok: true, reuseIntent: null });
  });

  it('refuses another payment while one not yet declined may still be charged, and a deposit once it is paid', () => {
    const depositInFlight = stored([{ paymentId: 'pi_3' }]);
    expect(decidePaymentLines(depositInFlight, 'deposit')).toMatchObject({ ok: true, reuseIntent: 'pi_3' });
    expect(decidePaymentLines(depositInFlight, 'all')).toMatchObject({
      ok: false,
      refusal: {
        code: 'conflict',
        message: 'A payment of $5,375 is in progress: wait until it is confirmed or declined',
      },
    });
    const depositPaid = stored([{ status: 'paid', paymentId: 'pi_3' }]);
    expect(decidePaymentLines(depositPaid, 'deposit')).toMatchObject({ ok: false, refusal: { code: 'conflict' } });
    expect(decidePaymentLines(depositPaid, 'all')).toMatchObject({
      ok: true,
      amountCents: 4_837_500,
      reuseIntent: null,
    });
    expect(decidePaymentLines(stored([{ status: 'paid' }, { status: 'paid' }]), 'all')).toMatchObject({
      ok: false,
      refusal: { code: 'conflict', message: 'This transaction is already paid' },
    });
  });
});

describe('refunds', () => {
  it('go back through the payments that brought the money in, newest first, none beyond what it paid', () => {
    const paid = [
      { amountCents: 537_500, paymentId: 'pi_deposit' },
      { amountCents: 4_837_500, paymentId: 'pi_balance' },
    ];
    expect(refundsByPayment(paid, 5_375_000)).toEqual([
      { paymentId: 'pi_balance', cents: 4_837_500 },
      { paymentId: 'pi_deposit', cents: 537_500 },
    ]);
    expect(refundsByPayment(paid, 150_000)).toEqual([{ paymentId: 'pi_balance', cents: 150_000 }]);
    expect(refundsByPayment(paid, 5_000_000)).toEqual([
      { paymentId: 'pi_balance', cents: 4_837_500 },
      { paymentId: 'pi_deposit', cents: 162_500 },
    ]);
    // One payment of everything (the deposit and the balance on one intent): one refund.
    expect(
      refundsByPayment(
        [
          { amountCents: 537_500, paymentId: 'pi_all' },
          { amountCents: 4_837_500, paymentId: 'pi_all' },
        ],
        100_000,
      ),
    ).toEqual([{ paymentId: 'pi_all', cents: 100_000 }]);
    expect(refundsByPayment(paid, 0)).toEqual([]);
  });
});
