import { describe, expect, it } from 'vitest';
import {
  CARD_REQUIRED_MESSAGE,
  FEE_SCHEDULE,
  applyHoldTransition,
  captureAmountCents,
  decideBidderVerification,
  decideHoldStep,
  holdAmountCents,
  holdIsSpent,
  needsHold,
  sandboxHoldsDeclined,
  sandboxSetupOutcome,
  scheduleWithCommission,
} from '../src/index.js';

describe('who may bid', () => {
  it('a member with a verified card, or exempted by an admin', () => {
    expect(decideBidderVerification({ exempt: false, cardStatus: 'verified' })).toEqual({ ok: true });
    expect(decideBidderVerification({ exempt: true, cardStatus: null })).toEqual({ ok: true });
  });

  it('refuses a member without a verified card with the way to add one', () => {
    for (const cardStatus of [null, 'pending', 'failed'] as const) {
      expect(decideBidderVerification({ exempt: false, cardStatus })).toEqual({
        ok: false,
        refusal: { code: 'forbidden', message: CARD_REQUIRED_MESSAGE },
      });
    }
  });

  it('places no hold for an exempt member', () => {
    expect(needsHold({ exempt: true, cardStatus: null })).toBe(false);
    expect(needsHold({ exempt: false, cardStatus: 'verified' })).toBe(true);
  });
});

describe('the hold amount', () => {
  it('is the buyer’s premium of the most the member offers: the amount, or a higher maximum', () => {
    expect(holdAmountCents({ amountCents: 20_000_00, maxCents: null }, FEE_SCHEDULE)).toBe(1_000_00);
    expect(holdAmountCents({ amountCents: 20_000_00, maxCents: 30_000_00 }, FEE_SCHEDULE)).toBe(1_500_00);
    expect(holdAmountCents({ amountCents: null, maxCents: 10_000_00 }, FEE_SCHEDULE)).toBe(500_00);
  });

  it('follows the schedule in force (the premium is the buyer’s, whatever the seller’s commission)', () => {
    expect(holdAmountCents({ amountCents: 9_999_99, maxCents: null }, scheduleWithCommission(7))).toBe(500_00);
  });

  it('places a hold, raises it only for more, and keeps it otherwise', () => {
    expect(decideHoldStep(null, 500_00)).toEqual({ kind: 'place', amountCents: 500_00 });
    expect(decideHoldStep({ amountCents: 500_00 }, 600_00)).toEqual({ kind: 'raise', amountCents: 600_00 });
    expect(decideHoldStep({ amountCents: 500_00 }, 500_00)).toEqual({ kind: 'none' });
    expect(decideHoldStep({ amountCents: 500_00 }, 400_00)).toEqual({ kind: 'none' });
    expect(decideHoldStep(null, 0)).toEqual({ kind: 'none' });
  });

  it('captures the premium of the final price, never more than was held', () => {
    expect(captureAmountCents(1_500_00, 21_000_00, FEE_SCHEDULE)).toBe(1_050_00);
    expect(captureAmountCents(1_000_00, 30_000_00, FEE_SCHEDULE)).toBe(1_000_00);
  });
});

describe('a hold’s transitions, in any order', () => {
  const placed = { status: 'placed' as const, amountCents: 500_00 };

  it('raises only to a higher amount, so an older raise arriving late changes nothing', () => {
    expect(applyHoldTransition(placed, { kind: 'raised', amountCents: 700_00 })).toEqual({
      status: 'placed',
      amountCents: 700_00,
    });
    expect(applyHoldTransition({ ...placed, amountCents: 700_00 }, { kind: 'raised', amountCents: 600_00 })).toBeNull();
    expect(applyHoldTransition(placed, { kind: 'placed', amountCents: 500_00 })).toBeNull();
  });

  it('releases or captures once; nothing moves a released or captured hold again', () => {
    const released = applyHoldTransition(placed, { kind: 'released', amountCents: 500_00 });
    expect(released).toEqual({ status: 'released', amountCents: 500_00 });
    for (const kind of ['placed', 'raised', 'released', 'captured'] as const) {
      expect(applyHoldTransition(released!, { kind, amountCents: 900_00 })).toBeNull();
      expect(
        applyHoldTransition({ status: 'captured', amountCents: 500_00 }, { kind, amountCents: 900_00 }),
      ).toBeNull();
    }
    expect(applyHoldTransition(placed, { kind: 'captured', amountCents: 450_00 })).toEqual({
      status: 'captured',
      amountCents: 500_00,
    });
  });
});

describe('when a hold is spent', () => {
  const base = {
    auctionActive: true,
    winnerId: null,
    userId: 7,
    leaderId: 7,
    maxCents: null,
    currentBidCents: 10_000_00,
  };

  it('keeps the leader’s hold while the auction runs', () => {
    expect(holdIsSpent(base)).toBe(false);
  });

  it('lets go of a member outbid for good, not of one whose maximum still stands above the price', () => {
    expect(holdIsSpent({ ...base, leaderId: 8 })).toBe(true);
    expect(holdIsSpent({ ...base, leaderId: 8, maxCents: 10_000_00 })).toBe(true);
    expect(holdIsSpent({ ...base, leaderId: 8, maxCents: 12_000_00 })).toBe(false);
  });

  it('after the end: released unless the member won', () => {
    expect(holdIsSpent({ ...base, auctionActive: false, winnerId: 7 })).toBe(false);
    expect(holdIsSpent({ ...base, auctionActive: false, winnerId: 8 })).toBe(true);
    expect(holdIsSpent({ ...base, auctionActive: false, winnerId: null })).toBe(true);
  });
});

describe('the sandbox’s cards', () => {
  it('saves the good test card, declines the declining one and unknown numbers', () => {
    expect(sandboxSetupOutcome('4242 4242 4242 4242')).toEqual({ ok: true, brand: 'visa', last4: '4242' });
    expect(sandboxSetupOutcome('4000 0000 0000 0002')).toEqual({ ok: false, reason: 'Your card was declined' });
    expect(sandboxSetupOutcome('1234 5678 9012 3456').ok).toBe(false);
  });

  it('has a card that saves but declines every hold', () => {
    expect(sandboxSetupOutcome('4000 0000 0000 0341').ok).toBe(true);
    expect(sandboxHoldsDeclined('0341')).toBe(true);
    expect(sandboxHoldsDeclined('4242')).toBe(false);
  });
});
