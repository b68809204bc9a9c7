// The events the bid engine appends for a decided group: what every socket and worker learns about each bid.
import { describe, expect, it } from 'vitest';
import { decideBids, type BidRequest, type BiddingState } from '@app/shared';
import { bidEvents } from '../../src/bidding/bid-events.js';
import { NOW as NOW_MS, biddingState } from '../../../shared/test-support/bidding-state.js';

const NOW = new Date(NOW_MS);
const state = biddingState;
const bidder = (id: number) => ({ id, name: `Bidder ${id}`, isPremium: false });
const bid = (id: number, dollars: number): BidRequest => ({ bidder: bidder(id), amountCents: dollars * 100 });
const max = (id: number, dollars: number): BidRequest => ({
  bidder: bidder(id),
  amountCents: null,
  maxCents: dollars * 100,
});
const eventsOf = (s: BiddingState, requests: BidRequest[]) => {
  const ids = Array.from({ length: requests.length * 2 }, (_, i) => 100 + i);
  const decided = decideBids(s, requests, { nowMs: NOW.getTime(), bidIds: ids, chatIds: ids.map((i) => i + 400) });
  return bidEvents(s, decided.accepted, NOW);
};

describe('bidEvents', () => {
  it('tells each accepted bid in the order placed, with its chat line, the decision time and the new state', () => {
    const events = eventsOf(state(), [bid(1, 30_000), bid(2, 10_000), bid(3, 20_000)]);
    expect(events.map((e) => e.type)).toEqual(['bid.placed', 'bid.placed', 'bid.placed']);
    expect(events[0]).toEqual({
      type: 'bid.placed',
      auctionId: 7,
      at: NOW.toISOString(),
      bidId: 100,
      amount: '10000.00',
      currentBid: '10000.00',
      bidCount: 1,
      endTime: new Date(NOW.getTime() + 60 * 60_000).toISOString(),
      extended: false,
      bidderName: 'Bidder 2',
      bidderId: 2,
      reserveStatus: 'none',
      proxy: false,
      chatLine: { id: 500, message: 'New high bid: $10,000 by Bidder 2', timestamp: NOW.toISOString() },
    });
    expect(events.map((e) => (e as { bidCount: number }).bidCount)).toEqual([1, 2, 3]);
  });

  it('follows a bid that moved the end with auction.extended, and an automatic answer with its own bid.placed', () => {
    const late = state({ endTimeMs: NOW.getTime() + 30_000 });
    expect(eventsOf(late, [bid(1, 10_000)]).map((e) => e.type)).toEqual(['bid.placed', 'auction.extended']);
    const defended = decideBids(late, [max(1, 80_000)], { nowMs: NOW.getTime(), bidIds: [1, 2], chatIds: [3, 4] });
    const answered = eventsOf(defended.next, [bid(2, 30_000)]);
    expect(answered.map((e) => [e.type, (e as { proxy?: boolean }).proxy])).toEqual([
      ['bid.placed', false],
      ['bid.placed', true],
    ]);
    expect(answered[1]).toMatchObject({ endTime: new Date(NOW.getTime() + 120_000).toISOString() });
  });

  it('reports the reserve as met by the bid that reaches it, never the reserve or a maximum', () => {
    const events = eventsOf(state({ reserveCents: 25_000_00 }), [bid(1, 20_000), bid(2, 25_000)]);
    expect(events.map((e) => (e as { reserveStatus: string }).reserveStatus)).toEqual(['not-met', 'met']);
    const proxied = eventsOf(state({ reserveCents: 50_000_00 }), [max(3, 65_000)]);
    expect(proxied[0]).toMatchObject({ reserveStatus: 'met', proxy: true, amount: '50000.00' });
    for (const json of [JSON.stringify(events), JSON.stringify(proxied)]) {
      for (const secret of ['2500000', '65000', 'max', 'Max']) expect(json).not.toContain(secret);
    }
  });
});
