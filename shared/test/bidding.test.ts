import { describe, expect, it } from 'vitest';
import { decideBids, isWholeDollarTerm, type BidRequest, type BiddingState } from '../src/index.js';
import { NOW, biddingState } from '../test-support/bidding-state.js';

const state = biddingState;
const bidder = (id: number, isPremium = false) => ({ id, name: `Bidder ${id}`, isPremium });
const req = (id: number, dollars: number, isPremium = false): BidRequest => ({
  bidder: bidder(id, isPremium),
  amountCents: dollars * 100,
});
const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);
const decide = (s: BiddingState, requests: BidRequest[], nowMs = NOW) =>
  decideBids(s, requests, { nowMs, bidIds: ids(requests.length * 2, 100), chatIds: ids(requests.length * 2, 500) });

describe('decideBids', () => {
  it('accepts the starting bid first, then requires the current bid plus $1,000', () => {
    const g = decide(state(), [req(1, 10_000), req(2, 10_500), req(3, 11_000)]);
    expect(g.decisions.map((d) => d.ok)).toEqual([true, false, true]);
    expect(g.decisions[1]).toEqual({
      ok: false,
      refusal: { code: 'conflict', message: 'Bid must be at least $11,000 (the current bid of $10,000 plus $1,000)' },
    });
    expect(g.next).toMatchObject({ currentBidCents: 11_000_00, bidCount: 2 });
  });

  it('decides a group lowest first, so bids that arrived together are accepted when they can be', () => {
    const g = decide(state(), [req(1, 30_000), req(2, 10_000), req(3, 20_000)]);
    expect(g.decisions.every((d) => d.ok)).toBe(true);
    expect(g.accepted.map((a) => a.amountCents)).toEqual([10_000_00, 20_000_00, 30_000_00]);
    expect(g.accepted.map((a) => a.bidId)).toEqual([100, 101, 102]);
    expect(g.accepted.map((a) => a.bidCount)).toEqual([1, 2, 3]);
  });

  it('refuses a zero, negative or cents amount on its own and decides the rest of the group normally', () => {
    const requests = [
      ...ids(20).map((i) => req(i, 10_000 + i * 1000)),
      { bidder: bidder(50), amountCents: 0 },
      { bidder: bidder(51), amountCents: -500 },
      { bidder: bidder(52), amountCents: 75_000_55 },
    ];
    const g = decide(state(), requests);
    expect(g.decisions.slice(0, 20).every((d) => d.ok)).toBe(true);
    expect(g.decisions[20]).toEqual({ ok: false, refusal: { code: 'invalid', message: 'A bid must be at least $1' } });
    expect(g.decisions[21]).toMatchObject({ ok: false, refusal: { code: 'invalid' } });
    expect(g.decisions[22]).toEqual({
      ok: false,
      refusal: { code: 'invalid', message: 'Bids are in whole dollars: enter an amount without cents' },
    });
    expect(g.next.bidCount).toBe(20);
  });

  it("refuses bids after the end, on the seller's own car, and from non-premium members on premium-only auctions", () => {
    expect(decide(state({ endTimeMs: NOW }), [req(1, 20_000)]).decisions[0]).toEqual({
      ok: false,
      refusal: { code: 'conflict', message: 'This auction has ended' },
    });
    expect(decide(state({ status: 'sold' }), [req(1, 20_000)]).decisions[0]).toMatchObject({
      ok: false,
      refusal: { code: 'conflict' },
    });
    expect(decide(state(), [req(99, 20_000)]).decisions[0]).toEqual({
      ok: false,
      refusal: { code: 'forbidden', message: 'You cannot bid on your own car' },
    });
    const premium = state({ isPremiumOnly: true });
    expect(decide(premium, [req(1, 20_000)]).decisions[0]).toMatchObject({ ok: false, refusal: { code: 'forbidden' } });
    expect(decide(premium, [req(1, 20_000, true)]).decisions[0]!.ok).toBe(true);
  });

  it('extends the end to two minutes after a bid in the final two minutes, and says so in its chat line', () => {
    const g = decide(state({ endTimeMs: NOW + 30_000 }), [req(1, 10_000)]);
    expect(g.next.endTimeMs).toBe(NOW + 120_000);
    expect(g.accepted[0]).toMatchObject({
      extended: true,
      endTimeMs: NOW + 120_000,
      chatId: 500,
      chatText: 'New high bid: $10,000 by Bidder 1 (clock reset to 2 minutes left)',
    });
    const later = decide(state({ endTimeMs: NOW + 10 * 60_000 }), [req(1, 10_000)]);
    expect(later.accepted[0]).toMatchObject({ extended: false, endTimeMs: NOW + 10 * 60_000 });
  });

  it('needs a reserved id per request', () => {
    expect(() => decideBids(state(), [req(1, 10_000)], { nowMs: NOW, bidIds: [], chatIds: [] })).toThrow(
      /reserved bid id/,
    );
  });
});

describe('isWholeDollarTerm', () => {
  it('takes whole dollars from $1 up, and refuses less than $1 or any cents', () => {
    expect([100, 3_000_000].map(isWholeDollarTerm)).toEqual([true, true]);
    expect([0, 50, 99, -100, 3_000_050, 3_000_001, 100.5].map(isWholeDollarTerm)).toEqual(Array(7).fill(false));
  });
});
