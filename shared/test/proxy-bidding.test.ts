import { describe, expect, it } from 'vitest';
import { decideBids, type BidRequest, type BiddingState, type DecidedGroup } from '../src/index.js';
import { NOW, biddingState } from '../test-support/bidding-state.js';

const state = biddingState;
const bidder = (id: number) => ({ id, name: `Bidder ${id}`, isPremium: false });
const bid = (id: number, dollars: number, maxDollars?: number): BidRequest => ({
  bidder: bidder(id),
  amountCents: dollars * 100,
  maxCents: maxDollars === undefined ? null : maxDollars * 100,
});
const max = (id: number, dollars: number): BidRequest => ({
  bidder: bidder(id),
  amountCents: null,
  maxCents: dollars * 100,
});
let nextId = 100;
const decide = (s: BiddingState, requests: BidRequest[], nowMs = NOW) => {
  const n = requests.length * 2;
  const ids = Array.from({ length: n }, () => nextId++);
  return decideBids(s, requests, { nowMs, bidIds: ids, chatIds: ids.map((i) => i + 10_000) });
};
/** Decides requests one group each, in the order given, carrying the state along. */
function sequence(s: BiddingState, groups: BidRequest[][], nowMs = NOW): { s: BiddingState; all: DecidedGroup[] } {
  const all: DecidedGroup[] = [];
  for (const g of groups) {
    const d = decide(s, g, nowMs);
    all.push(d);
    s = d.next;
  }
  return { s, all };
}
const placed = (all: DecidedGroup[]) =>
  all.flatMap((g) => g.accepted.map((a) => [a.bidder.id, a.amountCents / 100, a.proxy] as const));

describe('decideBids with maximums', () => {
  it('two maximums: the higher leads at the lower plus $1,000, in one bid', () => {
    const { s, all } = sequence(state(), [[max(1, 50_000)], [max(2, 80_000)]]);
    expect(placed(all)).toEqual([
      [1, 10_000, true],
      [2, 51_000, true],
    ]);
    expect(s).toMatchObject({ currentBidCents: 51_000_00, leaderId: 2, leaderMaxCents: 80_000_00, bidCount: 2 });
    expect(all[1]!.decisions[0]).toMatchObject({
      ok: true,
      standing: { leading: true, currentBidCents: 51_000_00, maxCents: 80_000_00 },
    });
  });

  it('a lower maximum arriving after a higher one is answered at once by the higher one', () => {
    const { s, all } = sequence(state(), [[max(1, 80_000)], [max(2, 50_000)]]);
    expect(placed(all)).toEqual([
      [1, 10_000, true],
      [2, 11_000, true],
      [1, 51_000, true],
    ]);
    expect(s).toMatchObject({ currentBidCents: 51_000_00, leaderId: 1 });
    expect(all[1]!.decisions[0]).toMatchObject({ ok: true, standing: { leading: false, currentBidCents: 51_000_00 } });
  });

  it('three maximums: the highest leads at the second highest plus $1,000, capped at its own maximum', () => {
    const { s, all } = sequence(state(), [[max(1, 40_000)], [max(2, 90_000)], [max(3, 60_000)]]);
    expect(s).toMatchObject({ currentBidCents: 61_000_00, leaderId: 2 });
    expect(placed(all).at(-1)).toEqual([2, 61_000, true]);
    const capped = sequence(state(), [[max(1, 40_000)], [max(2, 60_500)], [max(3, 60_000)]]);
    expect(capped.s).toMatchObject({ currentBidCents: 60_500_00, leaderId: 2 });
    // All three in one group decide the same way.
    const together = decide(state(), [max(1, 40_000), max(2, 90_000), max(3, 60_000)]);
    expect(together.next).toMatchObject({ currentBidCents: 61_000_00, leaderId: 2 });
  });

  it('equal maximums: the earlier one leads at that maximum', () => {
    const { s, all } = sequence(state(), [[max(1, 70_000)], [max(2, 70_000)]]);
    expect(placed(all)).toEqual([
      [1, 10_000, true],
      [2, 11_000, true],
      [1, 70_000, true],
    ]);
    expect(s).toMatchObject({ currentBidCents: 70_000_00, leaderId: 1 });
  });

  it('a manual bid below the maximum is answered; a manual bid above every maximum leads at its own amount', () => {
    const below = sequence(state(), [[max(1, 80_000)], [bid(2, 30_000)]]);
    expect(placed(below.all).slice(1)).toEqual([
      [2, 30_000, false],
      [1, 31_000, true],
    ]);
    const near = sequence(state(), [[max(1, 80_000)], [bid(2, 79_500)]]);
    expect(near.s).toMatchObject({ currentBidCents: 80_000_00, leaderId: 1 });
    const above = sequence(state(), [[max(1, 80_000)], [max(3, 60_000)], [bid(2, 95_000)]]);
    expect(placed(above.all).at(-1)).toEqual([2, 95_000, false]);
    expect(above.s).toMatchObject({ currentBidCents: 95_000_00, leaderId: 2, leaderMaxCents: null });
    // A manual bid equal to the leader's maximum: the maximum cannot bid above it, so the manual bid leads.
    const equal = sequence(state(), [[max(1, 80_000)], [bid(2, 80_000)]]);
    expect(equal.s).toMatchObject({ currentBidCents: 80_000_00, leaderId: 2 });
  });

  it('refuses a maximum below the next minimum, and a leader lowering theirs below the winning bid', () => {
    const { s } = sequence(state(), [[bid(1, 20_000)]]);
    expect(decide(s, [max(2, 20_500)]).decisions[0]).toEqual({
      ok: false,
      refusal: { code: 'conflict', message: 'Your maximum must be at least $21,000 (the next minimum bid)' },
    });
    expect(decide(s, [max(1, 19_000)]).decisions[0]).toEqual({
      ok: false,
      refusal: { code: 'conflict', message: 'Your maximum cannot be below your winning bid of $20,000' },
    });
    expect(decide(s, [bid(2, 30_000, 25_000)]).decisions[0]).toMatchObject({
      ok: false,
      refusal: { code: 'invalid', message: 'Your maximum must be at least your bid' },
    });
    expect(decide(s, [{ bidder: bidder(2), amountCents: null, maxCents: null }]).decisions[0]).toMatchObject({
      ok: false,
      refusal: { code: 'invalid' },
    });
    // The leader raising their maximum places no bid and tells no one.
    const raised = decide(s, [max(1, 90_000)]);
    expect(raised.accepted).toEqual([]);
    expect(raised.decisions[0]).toMatchObject({
      ok: true,
      bid: null,
      standing: { leading: true, maxCents: 90_000_00 },
    });
    expect(raised.maxima).toEqual([{ userId: 1, maxCents: 90_000_00 }]);
  });

  it('crosses the reserve with a maximum at or above it, bidding the reserve and no more', () => {
    const reserve = state({ reserveCents: 50_000_00 });
    const { s, all } = sequence(reserve, [[max(1, 65_000)]]);
    expect(placed(all)).toEqual([[1, 50_000, true]]);
    const below = sequence(reserve, [[max(1, 45_000)], [max(2, 65_000)]]);
    expect(placed(below.all)).toEqual([
      [1, 10_000, true],
      [2, 50_000, true],
    ]);
    const raise = sequence(reserve, [[max(1, 45_000)], [max(1, 55_000)]]);
    expect(placed(raise.all)).toEqual([
      [1, 10_000, true],
      [1, 50_000, true],
    ]);
    expect(s.currentBidCents).toBe(50_000_00);
  });

  it('an automatic bid in the final two minutes extends soft close like any bid', () => {
    const late = state({ endTimeMs: NOW + 30_000 });
    const g = decide(late, [max(1, 80_000)]);
    expect(g.accepted[0]).toMatchObject({ proxy: true, extended: true, endTimeMs: NOW + 120_000 });
    // Later in the window the manual bid extends and the automatic answer carries the new end too.
    const answered = decide(g.next, [bid(2, 30_000)], NOW + 60_000);
    expect(answered.accepted.map((a) => [a.bidder.id, a.proxy, a.endTimeMs])).toEqual([
      [2, false, NOW + 180_000],
      [1, true, NOW + 180_000],
    ]);
    expect(answered.accepted.map((a) => a.extended)).toEqual([true, false]);
    expect(answered.next.endTimeMs).toBe(NOW + 180_000);
  });
});
