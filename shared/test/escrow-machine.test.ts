import { describe, expect, it } from 'vitest';
import {
  ESCROW_ACTIONS,
  ESCROW_ACTORS,
  ESCROW_STATUSES,
  INSPECTION_PERIOD_MS,
  availableEscrowActions,
  decideEscrow,
  type EscrowAction,
  type EscrowActor,
  type EscrowState,
  type EscrowStatus,
} from '../src/index.js';

const NOW = 1_800_000_000_000;
/** A state in which every guard holds: terms accepted, deadlines passed, nothing beyond the status completed. */
const ready = (status: EscrowStatus): EscrowState => ({
  status,
  buyerTermsAccepted: true,
  sellerTermsAccepted: true,
  hasSeller: true,
  completedMilestones: ['escrow_created'],
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
  ['funded', 'verify_documents', ['admin'], 'in_inspection'],
  ['funded', 'open_dispute', ['buyer', 'seller'], 'disputed'],
  ['in_inspection', 'confirm_inspection', ['buyer'], 'completed'],
  ['in_inspection', 'release_funds', ['admin'], 'completed'],
  ['in_inspection', 'complete_after_inspection', ['system'], 'completed'],
  ['in_inspection', 'open_dispute', ['buyer', 'seller'], 'disputed'],
  ['disputed', 'resolve_release', ['admin'], 'completed'],
  ['disputed', 'resolve_refund', ['admin'], 'refunded'],
  ['disputed', 'resolve_partial_refund', ['admin'], 'completed'],
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
          if (row) {
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

  it('completes milestones and starts the 7-day inspection period when documents are verified', () => {
    expect(decideEscrow(ready('pending'), 'confirm_payment', 'payment_provider', NOW)).toMatchObject({
      change: { milestones: ['payment_received'] },
    });
    const verified = decideEscrow(ready('funded'), 'verify_documents', 'admin', NOW);
    expect(verified).toMatchObject({
      change: { milestones: ['documents_verified'], inspectionEndsAtMs: NOW + INSPECTION_PERIOD_MS },
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
});
