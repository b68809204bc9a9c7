import { describe, expect, it } from 'vitest';
import {
  ESCROW_ACTIONS,
  ESCROW_ACTORS,
  ESCROW_STATUSES,
  INSPECTION_PERIOD_MS,
  availableEscrowActions,
  decideEscrow,
  decidePaymentStart,
  escrowChangeText,
  isPaidInFull,
  releaseBlocker,
  type EscrowAction,
  type EscrowActor,
  type EscrowState,
  type EscrowStatus,
} from '../src/index.js';

const NOW = 1_800_000_000_000;
/**
 * A state in which every guard holds: terms accepted, deadlines passed, nothing beyond the status completed (a car in
 * inspection was delivered; a disputed sale is not paid in full: see the settling tests for one that is).
 */
const ready = (status: EscrowStatus): EscrowState => ({
  status,
  buyerTermsAccepted: true,
  sellerTermsAccepted: true,
  hasSeller: true,
  completedMilestones: status === 'in_inspection' ? ['escrow_created', 'delivered'] : ['escrow_created'],
  verifiedDocuments: ['title', 'bill_of_sale', 'inspection_report'],
  paymentDueAtMs: NOW - 1,
  inspectionEndsAtMs: NOW - 1,
});

// The whole table, written out independently of the module: status -> action -> who may, and where it leads.
const ALLOWED: [EscrowStatus, EscrowAction, EscrowActor[], EscrowStatus][] = [
  ['pending', 'accept_terms', ['buyer', 'seller'], 'pending'],
  ['pending', 'confirm_payment', ['payment_provider'], 'funded'],
  ['pending', 'open_dispute', ['buyer', 'seller'], 'disputed'],
  ['pending', 'cancel_unpaid', ['system'], 'cancelled'],
  ['funded', 'verify_documents', ['admin'], 'funded'],
  ['funded', 'confirm_delivery', ['buyer', 'carrier'], 'in_inspection'],
  ['funded', 'open_dispute', ['buyer', 'seller'], 'disputed'],
  ['in_inspection', 'verify_documents', ['admin'], 'in_inspection'],
  ['in_inspection', 'confirm_inspection', ['buyer'], 'completed'],
  ['in_inspection', 'release_funds', ['admin'], 'completed'],
  ['in_inspection', 'complete_after_inspection', ['system'], 'completed'],
  ['in_inspection', 'open_dispute', ['buyer', 'seller'], 'disputed'],
  // A payment under way when the dispute opened is still recorded; the dispute keeps the escrow where it is.
  ['disputed', 'confirm_payment', ['payment_provider'], 'disputed'],
  // Not paid in full: every decision ends the sale.
  ['disputed', 'resolve_release', ['admin'], 'cancelled'],
  ['disputed', 'resolve_refund', ['admin'], 'refunded'],
  ['disputed', 'resolve_partial_refund', ['admin'], 'cancelled'],
];
const actorsFor = (action: EscrowAction) => [...new Set(ALLOWED.filter((r) => r[1] === action).flatMap((r) => r[2]))];

describe('the escrow state machine', () => {
  it('allows exactly the transitions of the table, for exactly its actors; refuses the rest with 403 (who) or 409 (when)', () => {
    let checked = 0;
    for (const status of ESCROW_STATUSES) {
      for (const action of ESCROW_ACTIONS) {
        for (const actor of ESCROW_ACTORS) {
          const s = ready(status);
          // accept_terms is tested from a state where the terms are still open.
          if (action === 'accept_terms') Object.assign(s, { buyerTermsAccepted: false, sellerTermsAccepted: false });
          const d = decideEscrow(s, action, actor, NOW);
          const row = ALLOWED.find((r) => r[0] === status && r[1] === action && r[2].includes(actor));
          checked += 1;
          if (status === 'in_inspection' && action === 'confirm_delivery' && actorsFor(action).includes(actor)) {
            // A car in inspection is delivered already: a second confirmation (the carrier after the buyer) is a no-op.
            expect(d, `${status} ${action} by ${actor}`).toEqual({ ok: true, changed: false });
          } else if (row) {
            expect(d, `${status} ${action} by ${actor}`).toMatchObject({
              ok: true,
              changed: true,
              change: { to: row[3] },
            });
          } else if (!actorsFor(action).includes(actor)) {
            expect(d, `${status} ${action} by ${actor}`).toMatchObject({ ok: false, refusal: { code: 'forbidden' } });
          } else {
            expect(d, `${status} ${action} by ${actor}`).toMatchObject({ ok: false, refusal: { code: 'conflict' } });
          }
        }
      }
    }
    expect(checked).toBe(ESCROW_STATUSES.length * ESCROW_ACTIONS.length * ESCROW_ACTORS.length);
  });

  it('never lets a buyer, a seller or an admin mark payment received, nor a party verify documents', () => {
    for (const actor of ['buyer', 'seller', 'admin'] as const) {
      expect(decideEscrow(ready('pending'), 'confirm_payment', actor, NOW)).toEqual({
        ok: false,
        refusal: { code: 'forbidden', message: 'Only the payment provider can mark payment received' },
      });
    }
    for (const actor of ['buyer', 'seller'] as const) {
      expect(decideEscrow(ready('funded'), 'verify_documents', actor, NOW)).toMatchObject({
        ok: false,
        refusal: { code: 'forbidden' },
      });
    }
  });

  it('takes payment only after both parties accepted the terms (or the buyer alone when no seller is on record)', () => {
    const s = { ...ready('pending'), buyerTermsAccepted: true, sellerTermsAccepted: false };
    expect(decideEscrow(s, 'confirm_payment', 'payment_provider', NOW)).toEqual({
      ok: false,
      refusal: { code: 'conflict', message: 'Both parties must accept the escrow terms before payment' },
    });
    expect(decideEscrow({ ...s, hasSeller: false }, 'confirm_payment', 'payment_provider', NOW)).toMatchObject({
      ok: true,
      changed: true,
    });
  });

  it('starts the 7-day inspection period at the delivery, not when the documents are verified', () => {
    expect(decideEscrow(ready('pending'), 'confirm_payment', 'payment_provider', NOW)).toMatchObject({
      change: { milestones: ['payment_received'] },
    });
    const verified = decideEscrow(ready('funded'), 'verify_documents', 'admin', NOW);
    expect(verified).toMatchObject({
      change: { to: 'funded', milestones: ['documents_verified'], inspectionEndsAtMs: null },
    });
    for (const actor of ['buyer', 'carrier'] as const) {
      expect(decideEscrow(ready('funded'), 'confirm_delivery', actor, NOW)).toMatchObject({
        change: { to: 'in_inspection', milestones: ['delivered'], inspectionEndsAtMs: NOW + INSPECTION_PERIOD_MS },
      });
    }
    expect(decideEscrow(ready('funded'), 'confirm_delivery', 'seller', NOW)).toMatchObject({
      ok: false,
      refusal: { code: 'forbidden', message: 'Only the buyer or the carrier can confirm the delivery' },
    });
    expect(INSPECTION_PERIOD_MS).toBe(7 * 24 * 3600 * 1000);
    expect(decideEscrow(ready('in_inspection'), 'confirm_inspection', 'buyer', NOW)).toMatchObject({
      change: { to: 'completed', milestones: ['inspection_completed', 'funds_released'] },
    });
  });

  it('treats a repeated step as done once: no change, no refusal', () => {
    const funded = { ...ready('funded'), completedMilestones: ['escrow_created', 'payment_received'] as const };
    expect(decideEscrow(funded, 'confirm_payment', 'payment_provider', NOW)).toEqual({ ok: true, changed: false });
    expect(decideEscrow({ ...ready('pending'), buyerTermsAccepted: true }, 'accept_terms', 'buyer', NOW)).toEqual({
      ok: true,
      changed: false,
    });
  });

  it('verifies documents only when the title, bill of sale and inspection report are all verified', () => {
    const s = { ...ready('funded'), verifiedDocuments: ['title', 'inspection_report'] };
    expect(decideEscrow(s, 'verify_documents', 'admin', NOW)).toEqual({
      ok: false,
      refusal: { code: 'conflict', message: 'These documents are not verified yet: bill of sale' },
    });
  });

  it('waits for the deadlines before the system cancels or releases', () => {
    expect(
      decideEscrow({ ...ready('pending'), paymentDueAtMs: NOW + 1 }, 'cancel_unpaid', 'system', NOW),
    ).toMatchObject({ ok: false, refusal: { code: 'conflict' } });
    expect(
      decideEscrow(
        { ...ready('in_inspection'), inspectionEndsAtMs: NOW + 1 },
        'complete_after_inspection',
        'system',
        NOW,
      ),
    ).toMatchObject({ ok: false });
  });

  it('lists what each party can do next', () => {
    const open = {
      ...ready('pending'),
      buyerTermsAccepted: false,
      sellerTermsAccepted: false,
      paymentDueAtMs: NOW + 1,
    };
    expect(availableEscrowActions(open, 'buyer', NOW)).toEqual(['accept_terms', 'open_dispute']);
    expect(availableEscrowActions(ready('in_inspection'), 'buyer', NOW)).toEqual([
      'confirm_inspection',
      'open_dispute',
    ]);
    expect(availableEscrowActions(ready('completed'), 'seller', NOW)).toEqual([]);
  });

  it('releases the funds only for a delivered car with verified documents, and says why not for the page', () => {
    const notDelivered = { ...ready('in_inspection'), completedMilestones: ['escrow_created'] as const };
    expect(decideEscrow(notDelivered, 'confirm_inspection', 'buyer', NOW)).toEqual({
      ok: false,
      refusal: { code: 'conflict', message: 'The car has not been delivered yet' },
    });
    const unverified = { ...ready('in_inspection'), verifiedDocuments: ['title'] };
    for (const [action, actor] of [
      ['confirm_inspection', 'buyer'],
      ['release_funds', 'admin'],
      ['complete_after_inspection', 'system'],
    ] as const) {
      expect(decideEscrow(unverified, action, actor, NOW)).toMatchObject({
        ok: false,
        refusal: { message: 'These documents are not verified yet: bill of sale, inspection report' },
      });
    }
    expect(releaseBlocker(ready('funded'))).toMatch(/^Available once the car is delivered/);
    expect(releaseBlocker(unverified)).toMatch(/^Available once the documents are verified/);
    expect(releaseBlocker(ready('in_inspection'))).toBeNull();
    expect(releaseBlocker(ready('completed'))).toBeNull();
  });
});

describe('a dispute on a sale paid in part', () => {
  const paidInFull = {
    ...ready('disputed'),
    completedMilestones: ['escrow_created', 'payment_received'] as const,
  };

  it('never completes a sale with a balance owed: a release or a partial refund cancels and settles it', () => {
    for (const action of ['resolve_release', 'resolve_partial_refund'] as const) {
      expect(decideEscrow(ready('disputed'), action, 'admin', NOW)).toEqual({
        ok: true,
        changed: true,
        change: { to: 'cancelled', milestones: [], acceptsTermsFor: null, inspectionEndsAtMs: null },
      });
      expect(escrowChangeText(action, 'admin', 'cancelled')).toMatch(/the sale is cancelled.*nothing more is owed$/);
    }
    expect(decideEscrow(ready('disputed'), 'resolve_refund', 'admin', NOW)).toMatchObject({
      change: { to: 'refunded', milestones: [] },
    });
  });

  it('completes a sale paid in full as before', () => {
    for (const action of ['resolve_release', 'resolve_partial_refund'] as const) {
      expect(decideEscrow(paidInFull, action, 'admin', NOW)).toMatchObject({
        change: { to: 'completed', milestones: ['funds_released'] },
      });
    }
    expect(isPaidInFull(paidInFull)).toBe(true);
    expect(isPaidInFull(ready('disputed'))).toBe(false);
  });

  it('records a payment that lands during the dispute without leaving it, and takes no new payment then', () => {
    expect(decideEscrow(ready('disputed'), 'confirm_payment', 'payment_provider', NOW)).toMatchObject({
      change: { to: 'disputed', milestones: ['payment_received'] },
    });
    expect(decidePaymentStart(ready('disputed'), 'buyer', NOW)).toEqual({
      ok: false,
      refusal: { code: 'conflict', message: 'A dispute is open: payments wait for the mediator' },
    });
  });
});
