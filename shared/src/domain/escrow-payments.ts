// Payment rules that need no provider: what the buyer owes and by when (the schedule stored in payment_schedules), what
// one payment covers, whether a payment may start, how a refund is spread over the payments, and the built-in
// sandbox's test cards (the numbers a real provider documents).
import { ESCROW_PAYMENT_DUE_HOURS } from '../constants.js';
import { formatCents, percentOfCents } from '../money.js';
import { decideEscrow, type EscrowState } from './escrow-machine.js';
import { ALLOWED, type Refusal, type Verdict } from './refusal.js';

export const PAYMENT_SCHEDULE_TYPES = ['deposit', 'balance', 'full', 'fee', 'refund'] as const;
export type PaymentScheduleType = (typeof PAYMENT_SCHEDULE_TYPES)[number];

/** The deposit: 10% of what the buyer owes for the sale, due by the payment deadline (48 hours after the sale). */
export const ESCROW_DEPOSIT_BPS = 1000;
/** The balance is due this many days after the sale. */
export const ESCROW_BALANCE_DUE_DAYS = 7;

/** The payment terms in one sentence, as the buy-now dialog, /pricing and the terms state them. */
export const PAYMENT_TERMS_TEXT = `A ${ESCROW_DEPOSIT_BPS / 100}% deposit (or the whole amount) is due within ${ESCROW_PAYMENT_DUE_HOURS} hours of the sale and the balance within ${ESCROW_BALANCE_DUE_DAYS} days; every payment is held in escrow.`;

/** What a payment covers: everything still owed, or only what is due first (the deposit and any fee due with it). */
export const PAYMENT_PARTS = ['all', 'deposit'] as const;
export type PaymentPart = (typeof PAYMENT_PARTS)[number];

/** A line of the schedule as the rules read it; `paymentId` is the provider's intent paying (or that paid) it. */
export interface ScheduleLine {
  paymentType: PaymentScheduleType;
  amountCents: number;
  dueAtMs: number;
  status: string;
  paymentId: string | null;
}

/**
 * The schedule written at the sale: a deposit of 10% due within the 48 hours after it, the balance due within 7 days.
 * The buyer may pay both at once (one payment of the total) or the deposit first; the escrow is funded when nothing
 * owed is left open.
 */
export function paymentScheduleOf(
  buyerTotalCents: number,
  openedAtMs: number,
): Omit<ScheduleLine, 'status' | 'paymentId'>[] {
  const depositCents = percentOfCents(buyerTotalCents, ESCROW_DEPOSIT_BPS);
  return [
    { paymentType: 'deposit', amountCents: depositCents, dueAtMs: openedAtMs + ESCROW_PAYMENT_DUE_HOURS * 3_600_000 },
    {
      paymentType: 'balance',
      amountCents: buyerTotalCents - depositCents,
      dueAtMs: openedAtMs + ESCROW_BALANCE_DUE_DAYS * 86_400_000,
    },
  ];
}

const OWED: readonly PaymentScheduleType[] = ['deposit', 'balance', 'full', 'fee'];
/** A line the buyer still owes: not paid, not cancelled (a failed card leaves it owed). */
export const isOwed = (l: Pick<ScheduleLine, 'paymentType' | 'status'>) =>
  OWED.includes(l.paymentType) && (l.status === 'pending' || l.status === 'failed');
const sum = (lines: readonly Pick<ScheduleLine, 'amountCents'>[]) => lines.reduce((t, l) => t + l.amountCents, 0);

/** Where the buyer's payments stand, for the payment tab and the next-step text. */
export interface PaymentDue {
  /** Everything still owed (one payment of it funds the escrow). */
  totalCents: number;
  /** What is due first and by when: the deposit with any fee due with it, or the balance once the deposit is paid. */
  first: { paymentType: PaymentScheduleType; amountCents: number; dueAtMs: number } | null;
  /** The last due date of what is owed (the balance's, while a deposit is owed too). */
  finalDueAtMs: number | null;
  /** Whether the deposit is still owed: the buyer may pay it alone, or everything at once. */
  depositOpen: boolean;
  paidCents: number;
}

export function paymentDue(lines: readonly ScheduleLine[]): PaymentDue {
  const owed = lines.filter(isOwed);
  const paidCents = sum(lines.filter((l) => OWED.includes(l.paymentType) && l.status === 'paid'));
  if (owed.length === 0) return { totalCents: 0, first: null, finalDueAtMs: null, depositOpen: false, paidCents };
  const firstDue = Math.min(...owed.map((l) => l.dueAtMs));
  const dueFirst = owed.filter((l) => l.dueAtMs <= firstDue);
  const main = dueFirst.find((l) => l.paymentType !== 'fee') ?? dueFirst[0]!;
  return {
    totalCents: sum(owed),
    first: { paymentType: main.paymentType, amountCents: sum(dueFirst), dueAtMs: firstDue },
    finalDueAtMs: Math.max(...owed.map((l) => l.dueAtMs)),
    depositOpen: owed.some((l) => l.paymentType === 'deposit'),
    paidCents,
  };
}

/**
 * The lines one payment covers, and whether the provider's intent already made for them can be reused. A payment
 * started for other lines and not failed (its card may be on its way) blocks a different one: two intents for the
 * same money could both be charged.
 */
export function decidePaymentLines<L extends ScheduleLine>(
  lines: readonly L[],
  part: PaymentPart,
): { ok: true; lines: L[]; amountCents: number; reuseIntent: string | null } | { ok: false; refusal: Refusal } {
  const owed = lines.filter(isOwed);
  if (owed.length === 0)
    return { ok: false, refusal: { code: 'conflict', message: 'This transaction is already paid' } };
  let chosen = owed;
  if (part === 'deposit') {
    const deposit = owed.find((l) => l.paymentType === 'deposit');
    if (!deposit)
      return {
        ok: false,
        refusal: { code: 'conflict', message: 'No deposit is owed on this transaction: pay what remains' },
      };
    chosen = owed.filter((l) => l.dueAtMs <= deposit.dueAtMs);
  }
  const inFlight = owed.filter((l) => l.paymentId !== null && l.status === 'pending');
  const intents = new Set(chosen.map((l) => l.paymentId));
  const sameLines = inFlight.length === chosen.length && inFlight.every((l) => chosen.includes(l));
  if (inFlight.length > 0 && !sameLines) {
    return {
      ok: false,
      refusal: {
        code: 'conflict',
        message: `A payment of ${formatCents(sum(inFlight))} is in progress: wait until it is confirmed or declined`,
      },
    };
  }
  // Every chosen line on one intent and no other line on it: the same payment again (a retry after a declined card).
  const [only] = [...intents];
  const reuse =
    intents.size === 1 && only != null && owed.every((l) => (l.paymentId === only) === chosen.includes(l))
      ? only
      : null;
  return { ok: true, lines: chosen, amountCents: sum(chosen), reuseIntent: reuse };
}

/**
 * Money back to the buyer spread over the payments that brought it in, newest first, none beyond what it paid (a card
 * refund goes to the payment it reverses).
 */
export function refundsByPayment(
  paidLines: readonly Pick<ScheduleLine, 'amountCents' | 'paymentId'>[],
  refundCents: number,
): { paymentId: string; cents: number }[] {
  const byPayment = new Map<string, number>();
  for (const l of paidLines)
    if (l.paymentId !== null) byPayment.set(l.paymentId, (byPayment.get(l.paymentId) ?? 0) + l.amountCents);
  const out: { paymentId: string; cents: number }[] = [];
  let left = refundCents;
  for (const [paymentId, cents] of [...byPayment].reverse()) {
    if (left <= 0) break;
    const take = Math.min(left, cents);
    out.push({ paymentId, cents: take });
    left -= take;
  }
  return out;
}

/** A payment may start when the provider's confirmation would be accepted (terms accepted by both, still pending). */
export function decidePaymentStart(s: EscrowState, actor: string, nowMs: number): Verdict {
  if (actor !== 'buyer')
    return { ok: false, refusal: { code: 'forbidden', message: 'Only the buyer can pay for this transaction' } };
  // A disputed escrow waits for the mediator; a payment already under way is still recorded by the webhook.
  if (s.status === 'disputed')
    return { ok: false, refusal: { code: 'conflict', message: 'A dispute is open: payments wait for the mediator' } };
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
  return {
    outcome: 'declined',
    reason: card.number.endsWith('9995') ? 'Your card has insufficient funds' : 'Your card was declined',
  };
}
