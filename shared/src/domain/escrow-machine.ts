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

/** The payment provider's signed confirmation, an admin, a party, or the deadline job. */
export const ESCROW_ACTORS = ['buyer', 'seller', 'admin', 'payment_provider', 'system'] as const;
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
}

const OPEN: readonly EscrowStatus[] = ['pending', 'funded', 'in_inspection'];

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
    // Only the provider's signed webhook: neither the buyer nor an admin can say money arrived.
    action: 'confirm_payment',
    from: ['pending'],
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
    action: 'verify_documents',
    from: ['funded'],
    actors: ['admin'],
    to: 'in_inspection',
    milestones: ['documents_verified'],
    who: 'an admin',
    what: 'verify the documents',
    guard: (s) => {
      const missing = missingDocuments(s.verifiedDocuments);
      return missing.length > 0
        ? `These documents are not verified yet: ${missing.map((d) => d.replaceAll('_', ' ')).join(', ')}`
        : null;
    },
  },
  {
    action: 'confirm_inspection',
    from: ['in_inspection'],
    actors: ['buyer'],
    to: 'completed',
    milestones: ['inspection_completed', 'funds_released'],
    who: 'the buyer',
    what: 'confirm the inspection',
  },
  {
    action: 'release_funds',
    from: ['in_inspection'],
    actors: ['admin'],
    to: 'completed',
    milestones: ['inspection_completed', 'funds_released'],
    who: 'an admin',
    what: 'release the funds',
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
  // Part of the money back to the buyer, the rest released to the seller.
  {
    action: 'resolve_partial_refund',
    from: ['disputed'],
    actors: ['admin'],
    to: 'completed',
    milestones: ['funds_released'],
    who: 'an admin mediator',
    what: 'resolve the dispute',
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
      s.inspectionEndsAtMs === null || s.inspectionEndsAtMs > now ? 'The inspection period has not ended' : null,
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
  const to = rule.to === 'same' ? s.status : rule.to;
  return {
    ok: true,
    changed: true,
    change: {
      to,
      milestones: rule.milestones.filter((m) => !s.completedMilestones.includes(m)),
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

/** Words for the other party's notice. */
export function escrowChangeText(action: EscrowAction, actor: EscrowActor): string {
  const by =
    actor === 'payment_provider' ? 'The payment provider' : actor === 'system' ? 'The escrow service' : `The ${actor}`;
  const done: Record<EscrowAction, string> = {
    accept_terms: 'accepted the escrow terms',
    confirm_payment: 'confirmed the payment',
    verify_documents: 'verified the documents; the inspection period has started',
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
