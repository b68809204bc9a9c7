// The offer state machine and the seller's reserve rule, as pure functions.
import { describe, expect, it } from 'vitest';
import { counterVerdict, lowerReserveVerdict, offerVerdict, type OfferState } from '../src/index.js';

const now = 1_000_000;
const open: OfferState = { kind: 'best', status: 'open', expiresAtMs: now + 1 };

describe('offerVerdict', () => {
  it('lets the seller accept, decline or counter an open best offer, and nobody else', () => {
    expect(offerVerdict(open, 'accept', 'seller', now)).toEqual({ ok: true, next: 'accepted' });
    expect(offerVerdict(open, 'decline', 'seller', now)).toEqual({ ok: true, next: 'declined' });
    expect(offerVerdict(open, 'counter', 'seller', now)).toEqual({ ok: true, next: 'countered' });
    expect(offerVerdict(open, 'accept', 'buyer', now)).toMatchObject({ ok: false, refusal: { code: 'forbidden' } });
  });

  it('gives a counter to the buyer, who cannot counter back; the seller cannot counter twice', () => {
    const countered: OfferState = { ...open, status: 'countered' };
    expect(offerVerdict(countered, 'accept', 'buyer', now)).toEqual({ ok: true, next: 'accepted' });
    expect(offerVerdict(countered, 'counter', 'buyer', now)).toMatchObject({
      ok: false,
      refusal: { code: 'conflict' },
    });
    expect(offerVerdict(countered, 'counter', 'seller', now)).toMatchObject({
      ok: false,
      refusal: { code: 'forbidden' },
    });
  });

  it('refuses everything at and after the deadline, and on a settled offer', () => {
    expect(offerVerdict(open, 'accept', 'seller', now + 1)).toMatchObject({
      ok: false,
      refusal: { code: 'conflict', message: 'This offer has expired' },
    });
    for (const status of ['accepted', 'declined', 'expired', 'withdrawn'] as const)
      expect(offerVerdict({ ...open, status }, 'accept', 'seller', now).ok).toBe(false);
  });

  it('second-chance offers are the buyer’s to answer and cannot be countered', () => {
    const sc: OfferState = { kind: 'second-chance', status: 'open', expiresAtMs: now + 1 };
    expect(offerVerdict(sc, 'accept', 'buyer', now)).toEqual({ ok: true, next: 'accepted' });
    expect(offerVerdict(sc, 'accept', 'seller', now).ok).toBe(false);
    expect(offerVerdict(sc, 'counter', 'buyer', now).ok).toBe(false);
  });

  it('a counter is whole dollars above the offer', () => {
    expect(counterVerdict(500_000, 510_000).ok).toBe(true);
    expect(counterVerdict(500_000, 500_000).ok).toBe(false);
    expect(counterVerdict(500_000, 510_050).ok).toBe(false);
  });
});

describe('lowerReserveVerdict', () => {
  const a = {
    status: 'active' as const,
    endTimeMs: now + 1,
    sellerId: 7,
    reserveCents: 900_000,
    startingBidCents: 100_000,
  };
  it('only lowers, to whole dollars at or above the starting bid, by the seller of a live auction', () => {
    expect(lowerReserveVerdict(a, 7, 800_000, now).ok).toBe(true);
    expect(lowerReserveVerdict(a, 7, 100_000, now).ok).toBe(true);
    expect(lowerReserveVerdict(a, 7, 900_000, now)).toMatchObject({ ok: false, refusal: { code: 'invalid' } });
    expect(lowerReserveVerdict(a, 7, 950_000, now)).toMatchObject({ ok: false, refusal: { code: 'invalid' } });
    expect(lowerReserveVerdict(a, 7, 99_900, now)).toMatchObject({ ok: false, refusal: { code: 'invalid' } });
    expect(lowerReserveVerdict(a, 7, 800_050, now)).toMatchObject({ ok: false, refusal: { code: 'invalid' } });
    expect(lowerReserveVerdict(a, 8, 800_000, now)).toMatchObject({ ok: false, refusal: { code: 'forbidden' } });
    expect(lowerReserveVerdict(a, 7, 800_000, now + 1)).toMatchObject({ ok: false, refusal: { code: 'conflict' } });
    expect(lowerReserveVerdict({ ...a, reserveCents: null }, 7, 800_000, now).ok).toBe(false);
  });
});
