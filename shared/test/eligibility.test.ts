import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_TEXTS, eligibility, type EligibilityAuction } from '../src/index.js';

const NOW = 1_800_000_000_000;
const auction = (over: Partial<EligibilityAuction> = {}): EligibilityAuction => ({
  status: 'active',
  endTimeMs: NOW + 60_000,
  isPremiumOnly: false,
  sellerId: 9,
  currentBidCents: 40_000_00,
  buyItNowCents: 50_000_00,
  ...over,
});
const basic = { id: 1, isPremium: false };
const premium = { id: 2, isPremium: true };
const seller = { id: 9, isPremium: true };
const message = (v: { ok: boolean; refusal?: { message: string } }) => (v.ok ? 'ok' : v.refusal!.message);

describe('eligibility', () => {
  it('lets a signed-in member bid and buy a live auction', () => {
    const e = eligibility(auction(), basic, NOW);
    expect(e).toEqual({ bid: { ok: true }, buyNow: { ok: true }, isSeller: false, ended: false });
  });

  it('asks a visitor to sign in', () => {
    const e = eligibility(auction(), null, NOW);
    expect([message(e.bid), message(e.buyNow)]).toEqual([ELIGIBILITY_TEXTS.signInToBid, ELIGIBILITY_TEXTS.signInToBuy]);
  });

  it('knows the seller and refuses them both actions', () => {
    const e = eligibility(auction(), seller, NOW);
    expect(e.isSeller).toBe(true);
    expect([message(e.bid), message(e.buyNow)]).toEqual([ELIGIBILITY_TEXTS.ownBid, ELIGIBILITY_TEXTS.ownBuy]);
  });

  it('keeps premium-only auctions for premium members', () => {
    expect(eligibility(auction({ isPremiumOnly: true }), basic, NOW).bid).toEqual({
      ok: false,
      refusal: { code: 'forbidden', message: ELIGIBILITY_TEXTS.premiumBid },
    });
    expect(eligibility(auction({ isPremiumOnly: true }), premium, NOW).bid.ok).toBe(true);
  });

  it('treats an auction past its end time as ended before any close job runs', () => {
    const e = eligibility(auction({ endTimeMs: NOW }), basic, NOW);
    expect(e.ended).toBe(true);
    expect([message(e.bid), message(e.buyNow)]).toEqual([ELIGIBILITY_TEXTS.ended, ELIGIBILITY_TEXTS.ended]);
  });

  it('explains why Buy It Now is not available', () => {
    expect(message(eligibility(auction({ buyItNowCents: null }), basic, NOW).buyNow)).toBe(ELIGIBILITY_TEXTS.noBuyNow);
    expect(message(eligibility(auction({ status: 'bought-now' }), basic, NOW).buyNow)).toBe(
      ELIGIBILITY_TEXTS.boughtNow,
    );
    expect(message(eligibility(auction({ currentBidCents: 50_000_00 }), basic, NOW).buyNow)).toBe(
      ELIGIBILITY_TEXTS.buyNowPassed,
    );
  });

  it('hides auctions waiting for approval or rejected', () => {
    for (const status of ['pending', 'rejected'] as const) {
      expect(eligibility(auction({ status }), basic, NOW).bid).toMatchObject({
        ok: false,
        refusal: { code: 'not-found' },
      });
    }
  });
});
