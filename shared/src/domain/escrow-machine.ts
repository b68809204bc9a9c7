// The escrow state machine: (status, action, actor) -> next status, completed milestones, or a refusal with its
// reason. The one escrow service applies it under a row lock; the escrow page uses it to show each party what they can
// do next. ESCROW_RULES is the whole table: docs/architecture.md and the tests read it, nothing else decides.
import { ESCROW_INSPECTION_DAYS, type ESCROW_MILESTONES, type ESCROW_STATUSES } from '../constants.js';
import type { Refusal } from './refusal.js';
import { missingDocuments } from './escrow-documents.js';

export type EscrowStatus = (typeof ESCROW_STATUSES)[number];
export type EscrowMilestone = (typeof ESCROW_MILESTONES)[number];

export const ESCROW_ACTIONS = [
  'accept_terms',
  'confirm_payment',
  'verify_documents',
  'confirm_delivery',
  'confirm_inspection',
  'release_funds',
  'open_dispute',
  'resolve_release',
  'resolve_refund',
  'resolve_partial_refund',
  'cancel_unpaid',
  'complete_after_inspection',
] as const;
export type EscrowAction = (typeof ESCROW_ACTIONS)[number];

/** The payment provider's signed confirmation, the carrier's signed tracking, an admin, a party, or the deadline job. */
export const ESCROW_ACTORS = ['buyer', 'seller', 'admin', 'payment_provider', 'carrier', 'system'] as const;
export type EscrowActor = (typeof ESCROW_ACTORS)[number];

export interface EscrowState {
  status: EscrowStatus;
  buyerTermsAccepted: boolean;
  sellerTermsAccepted: boolean;
  /** False for sample cars that belong to nobody: no seller needs to accept anything. */
  hasSeller: boolean;
  completedMilestones: readonly EscrowMilestone[];
  /** The document types an admin has verified (escrow-documents.ts says which set is required). */
  verifiedDocuments: readonly string[];
  paymentDueAtMs: number | null;
  inspectionEndsAtMs: number | null;
}

export interface EscrowRule {
  action: EscrowAction;
  from: readonly EscrowStatus[];
  actors: readonly EscrowActor[];
  /** 'same' keeps the status (accepting terms). */
  to: EscrowStatus | 'same';
  milestones: readonly EscrowMilestone[];
  /** Said when someone else tries: "Only {who} can {what}". */
  who: string;
  what: string;
  /** A further condition; returns why it does not hold. */
  guard?: (s: EscrowState, nowMs: number) => string | null;
  /**
   * Where the step leads on an escrow the buyer has not paid in full (no `payment_received`), when that differs: a
   * mediator's decision on a sale with a balance still owed ends the sale and settles what was paid.
   */
  unpaid?: { to: EscrowStatus; milestones: readonly EscrowMilestone[] };
}

const OPEN: readonly EscrowStatus[] = ['pending', 'funded', 'in_inspection'];

/** Paid in full: the provider confirmed every line owed (a deposit alone is not). */
export const isPaidInFull = (s: Pick<EscrowState, 'completedMilestones'>) =>
  s.completedMilestones.includes('payment_received');

function documentsUnverified(s: EscrowState): string | null {
  const missing = missingDocuments(s.verifiedDocuments);
  return missing.length > 0
    ? `These documents are not verified yet: ${missing.map((d) => d.replaceAll('_', ' ')).join(', ')}`
    : null;
}

/** The funds go to the seller only for a car delivered, with its documents verified. */
function releaseBlocked(s: EscrowState): string | null {
  if (!s.completedMilestones.includes('delivered')) return 'The car has not been delivered yet';
  return documentsUnverified(s);
}

/** Why the buyer cannot confirm the inspection and release the funds yet (null once they can), for the page. */
export function releaseBlocker(s: EscrowState): string | null {
  if (s.status === 'pending') return 'Available once the payment is received and the car is delivered';
  if (s.status !== 'funded' && s.status !== 'in_inspection') return null;
  if (!s.completedMilestones.includes('delivered'))
    return "Available once the car is delivered: confirm the delivery, or the carrier's tracking will";
  const docs = documentsUnverified(s);
  return docs ? `Available once the documents are verified. ${docs}` : null;
}

export const ESCROW_RULES: readonly EscrowRule[] = [
  {
    action: 'accept_terms',
    from: ['pending'],
    actors: ['buyer', 'seller'],
    to: 'same',
    milestones: [],
    who: 'the buyer or the seller',
    what: 'accept the escrow terms',
  },
  {
    // Only the provider's signed webhook: neither the buyer nor an admin can say money arrived. A card charged while a
    // dispute opened is still recorded (the dispute stays open; the mediator then decides on a sale paid in full).
    action: 'confirm_payment',
    from: ['pending', 'disputed'],
    actors: ['payment_provider'],
    to: 'funded',
    milestones: ['payment_received'],
    who: 'the payment provider',
    what: 'mark payment received',
    guard: (s) =>
      !s.buyerTermsAccepted || (s.hasSeller && !s.sellerTermsAccepted)
        ? 'Both parties must accept the escrow terms before payment'
        : null,
  },
  {
    // Documents are checked while the car travels or is inspected; they no longer start the inspection.
    action: 'verify_documents',
    from: ['funded', 'in_inspection'],
    actors: ['admin'],
    to: 'same',
    milestones: ['documents_verified'],
    who: 'an admin',
    what: 'verify the documents',
    guard: documentsUnverified,
  },
  {
    // The car arrived, said by the buyer or by the carrier's tracking: the inspection period starts now.
    action: 'confirm_delivery',
    from: ['funded'],
    actors: ['buyer', 'carrier'],
    to: 'in_inspection',
    milestones: ['delivered'],
    who: 'the buyer or the carrier',
    what: 'confirm the delivery',
  },
  {
    action: 'confirm_inspection',
    from: ['in_inspection'],
    actors: ['buyer'],
    to: 'completed',
    milestones: ['inspection_completed', 'funds_released'],
    who: 'the buyer',
    what: 'confirm the inspection',
    guard: releaseBlocked,
  },
  {
    action: 'release_funds',
    from: ['in_inspection'],
    actors: ['admin'],
    to: 'completed',
    milestones: ['inspection_completed', 'funds_released'],
    who: 'an admin',
    what: 'release the funds',
    guard: releaseBlocked,
  },
  {
    action: 'open_dispute',
    from: OPEN,
    actors: ['buyer', 'seller'],
    to: 'disputed',
    milestones: [],
    who: 'the buyer or the seller',
    what: 'open a dispute',
  },
  {
    action: 'resolve_release',
    from: ['disputed'],
    actors: ['admin'],
    to: 'completed',
    milestones: ['funds_released'],
    who: 'an admin mediator',
    what: 'resolve the dispute',
    // A balance still owed: the sale is off and what was paid (the deposit) goes to the seller.
    unpaid: { to: 'cancelled', milestones: [] },
  },
  {
    action: 'resolve_refund',
    from: ['disputed'],
    actors: ['admin'],
    to: 'refunded',
    milestones: [],
    who: 'an admin mediator',
    what: 'resolve the dispute',
  },
  // Part of the money back to the buyer, the rest released to the seller; with a balance still owed the sale is off
  // and only what was paid is split.
  {
    action: 'resolve_partial_refund',
    from: ['disputed'],
    actors: ['admin'],
    to: 'completed',
    milestones: ['funds_released'],
    who: 'an admin mediator',
    what: 'resolve the dispute',
    unpaid: { to: 'cancelled', milestones: [] },
  },
  {
    action: 'cancel_unpaid',
    from: ['pending'],
    actors: ['system'],
    to: 'cancelled',
    milestones: [],
    who: 'the payment deadline',
    what: 'cancel an unpaid escrow',
    guard: (s, now) =>
      s.paymentDueAtMs === null || s.paymentDueAtMs > now ? 'The payment deadline has not passed' : null,
  },
  {
    action: 'complete_after_inspection',
    from: ['in_inspection'],
    actors: ['system'],
    to: 'completed',
    milestones: ['inspection_completed', 'funds_released'],
    who: 'the inspection deadline',
    what: 'release the funds',
    guard: (s, now) =>
      s.inspectionEndsAtMs === null || s.inspectionEndsAtMs > now
        ? 'The inspection period has not ended'
        : releaseBlocked(s),
  },
];

/**
 * A purchase is paid once the payment provider confirmed the buyer's payment (this milestone, whatever came after:
 * funded, in inspection, completed, disputed, refunded). The dashboard's Total Spent counts paid purchases only.
 */
export const PAID_MILESTONE: EscrowMilestone = 'payment_received';

/** What a milestone name in `complete-milestone` asks for. */
export const MILESTONE_ACTION: Record<EscrowMilestone, EscrowAction | null> = {
  escrow_created: null,
  payment_received: 'confirm_payment',
  documents_verified: 'verify_documents',
  delivered: 'confirm_delivery',
  inspection_completed: 'confirm_inspection',
  funds_released: 'release_funds',
};

export interface EscrowChange {
  to: EscrowStatus;
  /** Milestones this transition completes (empty for terms and disputes). */
  milestones: EscrowMilestone[];
  /** Which terms flag an accept_terms sets. */
  acceptsTermsFor: 'buyer' | 'seller' | null;
  /** When entering in_inspection: the end of the inspection period. */
  inspectionEndsAtMs: number | null;
}

export type EscrowDecision =
  | { ok: true; changed: true; change: EscrowChange }
  /** Already done (a retry, a second click): the effect of once, and nothing to write. */
  | { ok: true; changed: false }
  | { ok: false; refusal: Refusal };

export const INSPECTION_PERIOD_MS = ESCROW_INSPECTION_DAYS * 24 * 60 * 60 * 1000;

export function escrowRule(action: EscrowAction): EscrowRule {
  const rule = ESCROW_RULES.find((r) => r.action === action);
  if (!rule) throw new Error(`no escrow rule for ${action}`);
  return rule;
}

export function decideEscrow(s: EscrowState, action: EscrowAction, actor: EscrowActor, nowMs: number): EscrowDecision {
  const rule = escrowRule(action);
  if (!rule.actors.includes(actor)) {
    return { ok: false, refusal: { code: 'forbidden', message: `Only ${rule.who} can ${rule.what}` } };
  }
  if (action === 'accept_terms') {
    const already = actor === 'buyer' ? s.buyerTermsAccepted : s.sellerTermsAccepted;
    if (already) return { ok: true, changed: false };
  } else if (rule.milestones.length > 0 && rule.milestones.every((m) => s.completedMilestones.includes(m))) {
    return { ok: true, changed: false };
  }
  if (!rule.from.includes(s.status)) {
    return {
      ok: false,
      refusal: {
        code: 'conflict',
        message: `This transaction is ${s.status.replace('_', ' ')}: you cannot ${rule.what} now`,
      },
    };
  }
  const blocked = rule.guard?.(s, nowMs);
  if (blocked) return { ok: false, refusal: { code: 'conflict', message: blocked } };
  const unpaid = rule.unpaid && !isPaidInFull(s) ? rule.unpaid : null;
  // The payment of a disputed escrow is recorded; the dispute keeps the escrow where it is.
  const keeps = rule.to === 'same' || (action === 'confirm_payment' && s.status === 'disputed');
  const to = unpaid ? unpaid.to : keeps ? s.status : (rule.to as EscrowStatus);
  return {
    ok: true,
    changed: true,
    change: {
      to,
      milestones: (unpaid ? unpaid.milestones : rule.milestones).filter((m) => !s.completedMilestones.includes(m)),
      acceptsTermsFor: action === 'accept_terms' ? (actor as 'buyer' | 'seller') : null,
      inspectionEndsAtMs: to === 'in_inspection' && s.status !== 'in_inspection' ? nowMs + INSPECTION_PERIOD_MS : null,
    },
  };
}

/** The actions this actor could take now, for the page's "what to do next". */
export function availableEscrowActions(s: EscrowState, actor: EscrowActor, nowMs: number): EscrowAction[] {
  return ESCROW_ACTIONS.filter((a) => {
    const d = decideEscrow(s, a, actor, nowMs);
    return d.ok && d.changed;
  });
}

/** Words for the other party's notice; `to` tells a settled unpaid sale from a completed one. */
export function escrowChangeText(action: EscrowAction, actor: EscrowActor, to?: EscrowStatus): string {
  const by =
    actor === 'payment_provider' ? 'The payment provider' : actor === 'system' ? 'The escrow service' : `The ${actor}`;
  if (to === 'cancelled' && action === 'resolve_release')
    return `${by} resolved the dispute: the sale is cancelled and what the buyer paid is released to the seller; nothing more is owed`;
  if (to === 'cancelled' && action === 'resolve_partial_refund')
    return `${by} resolved the dispute: the sale is cancelled; the buyer is partly refunded and the rest of what was paid released to the seller; nothing more is owed`;
  const done: Record<EscrowAction, string> = {
    accept_terms: 'accepted the escrow terms',
    confirm_payment: 'confirmed the payment',
    verify_documents: 'verified the documents',
    confirm_delivery: 'confirmed the delivery; the inspection period has started',
    confirm_inspection: 'confirmed the inspection; the funds are released',
    release_funds: 'released the funds',
    open_dispute: 'opened a dispute; the funds stay held',
    resolve_release: 'resolved the dispute: the funds are released to the seller',
    resolve_refund: 'resolved the dispute: the buyer is refunded',
    resolve_partial_refund: 'resolved the dispute: the buyer is partly refunded and the rest released to the seller',
    cancel_unpaid: 'cancelled the transaction: payment was not received in time',
    complete_after_inspection: 'released the funds: the inspection period ended without a dispute',
  };
  return `${by} ${done[action]}`;
}

/** An escrow that was created records its first milestone at once. */
export const ESCROW_OPENING_MILESTONE: EscrowMilestone = 'escrow_created';
