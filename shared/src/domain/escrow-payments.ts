// Payment rules that need no provider: what the buyer owes and by when (the schedule stored in payment_schedules),
// whether a payment may start, and the built-in sandbox's test cards (the numbers a real provider documents).
import { ESCROW_PAYMENT_DUE_HOURS } from '../constants.js';
import { decideEscrow, type EscrowState } from './escrow-machine.js';
import { ALLOWED, type Verdict } from './refusal.js';

export const PAYMENT_SCHEDULE_TYPES = ['deposit', 'balance', 'full', 'fee', 'refund'] as const;
export type PaymentScheduleType = (typeof PAYMENT_SCHEDULE_TYPES)[number];

/**
 * The buyer pays the whole total (price, premium, escrow fee) within the 48 hours after the sale: one `full` line.
 * The spec names deposit and balance lines without amounts; a split would add lines here and nowhere else.
 */
export function paymentScheduleOf(buyerTotalCents: number, openedAtMs: number): { paymentType: PaymentScheduleType; amountCents: number; dueAtMs: number }[] {
  return [{ paymentType: 'full', amountCents: buyerTotalCents, dueAtMs: openedAtMs + ESCROW_PAYMENT_DUE_HOURS * 3_600_000 }];
}

/** A payment may start when the provider's confirmation would be accepted (terms accepted by both, still pending). */
export function decidePaymentStart(s: EscrowState, actor: string, nowMs: number): Verdict {
  if (actor !== 'buyer') return { ok: false, refusal: { code: 'forbidden', message: 'Only the buyer can pay for this transaction' } };
  const d = decideEscrow(s, 'confirm_payment', 'payment_provider', nowMs);
  if (!d.ok) return d;
  if (!d.changed) return { ok: false, refusal: { code: 'conflict', message: 'This transaction is already paid' } };
  return ALLOWED;
}

/** The sandbox's documented cards: one that pays, ones that decline (any other number declines as unknown). */
export const SANDBOX_TEST_CARDS = [
  { number: '4242424242424242', outcome: 'succeeded', label: 'Visa, payment succeeds' },
  { number: '4000000000000002', outcome: 'declined', label: 'Visa, card declined' },
  { number: '4000000000009995', outcome: 'declined', label: 'Visa, insufficient funds' },
] as const;

export function sandboxCardOutcome(cardNumber: string): { outcome: 'succeeded' | 'declined'; reason: string | null } {
  const digits = cardNumber.replace(/[\s-]/g, '');
  const card = SANDBOX_TEST_CARDS.find((c) => c.number === digits);
  if (!card) return { outcome: 'declined', reason: 'Your card was declined: the sandbox accepts only its test cards' };
  if (card.outcome === 'succeeded') return { outcome: 'succeeded', reason: null };
  return { outcome: 'declined', reason: card.number.endsWith('9995') ? 'Your card has insufficient funds' : 'Your card was declined' };
}
