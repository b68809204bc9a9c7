// A dispute's own life beside the escrow's: open -> in_review (a mediator takes it) -> resolved with an outcome. The
// escrow status moves with the outcome through the state machine (resolve_release, resolve_refund,
// resolve_partial_refund); this module decides the rest.
import type { EscrowAction } from './escrow-machine.js';
import { ALLOWED, refuse, type Verdict } from './refusal.js';

export const DISPUTE_STATUSES = ['open', 'in_review', 'resolved', 'closed'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_OUTCOMES = ['release', 'refund', 'partial_refund'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export const DISPUTE_TYPES = ['condition', 'documents', 'delivery', 'payment', 'other'] as const;

export const OUTCOME_ACTION: Record<DisputeOutcome, EscrowAction> = {
  release: 'resolve_release',
  refund: 'resolve_refund',
  partial_refund: 'resolve_partial_refund',
};

export function decideDisputeReview(status: DisputeStatus): Verdict | { ok: true; changed: false } {
  if (status === 'in_review') return { ok: true, changed: false };
  return status === 'open' ? ALLOWED : refuse('conflict', `This dispute is ${status.replace('_', ' ')}`);
}

/** How much goes back to the buyer: all of what they paid, none, or a part strictly between. */
export function disputeRefundCents(
  outcome: DisputeOutcome,
  paidCents: number,
  partialCents: number | undefined,
): { ok: true; cents: number } | { ok: false; message: string } {
  if (outcome === 'release') return { ok: true, cents: 0 };
  if (outcome === 'refund') return { ok: true, cents: paidCents };
  if (partialCents === undefined || partialCents <= 0 || partialCents >= paidCents) {
    return { ok: false, message: 'A partial refund must be more than $0 and less than what the buyer paid' };
  }
  return { ok: true, cents: partialCents };
}

/** Who writes in a dispute's thread, and when: its parties and the mediator, while it is not settled. */
export function decideDisputeMessage(status: DisputeStatus | null, actor: string): Verdict {
  if (actor !== 'buyer' && actor !== 'seller' && actor !== 'admin')
    return refuse('forbidden', 'Only the parties and the mediator can write in a dispute');
  if (status === null) return refuse('conflict', 'This transaction has no open dispute');
  return status === 'open' || status === 'in_review'
    ? ALLOWED
    : refuse('conflict', `This dispute is ${status.replace('_', ' ')}`);
}
