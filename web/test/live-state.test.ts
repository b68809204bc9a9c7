import { describe, expect, it } from 'vitest';
import { applyEvent, applyOwnBid, useLiveAuctions, type LiveAuction } from '../src/shared/auction-state/live-auctions';
import { mergeChat, type ChatLine } from '../src/features/chat/utils/chat-lines';
import { checkBidInput } from '@app/shared';
import { standingOf } from '../src/shared/auction-state/standing';

const base: LiveAuction = {
  currentBid: '10000.00',
  bidCount: 1,
  endTime: '2026-01-01T00:00:00.000Z',
  status: 'active',
  reserveStatus: 'not-met',
  seq: 5,
  bids: [],
  stale: false,
};
const env = (seq: number) => ({ stream: 'auction:1', seq, auctionId: 1, at: base.endTime });
const bid = (seq: number, amount: string) => ({
  type: 'bid.placed' as const,
  ...env(seq),
  bidId: seq,
  amount,
  currentBid: amount,
  bidCount: seq,
  endTime: base.endTime,
  extended: false,
  bidderName: 'B',
  bidderId: 2,
  reserveStatus: 'met' as const,
  chatLine: { id: seq, message: 'New high bid', timestamp: base.endTime },
});

describe('live auction state', () => {
  it('applies the next event and ignores an older or repeated one', () => {
    const next = applyEvent(base, bid(6, '11000.00'));
    expect(next).toMatchObject({ currentBid: '11000.00', seq: 6, stale: false, reserveStatus: 'met' });
    expect(applyEvent(next, bid(6, '11000.00'))).toBe(next);
    expect(applyEvent(next, bid(4, '9000.00'))).toBe(next);
  });
  it('marks the auction stale when a sequence number was skipped, so the page refetches', () => {
    expect(applyEvent(base, bid(8, '12000.00')).stale).toBe(true);
  });
  it('follows an extension and a close, showing the final price', () => {
    const ext = applyEvent(base, { type: 'auction.extended', ...env(6), endTime: '2026-01-01T00:02:00.000Z' });
    expect(ext.endTime).toBe('2026-01-01T00:02:00.000Z');
    const closed = applyEvent(ext, {
      type: 'auction.closed',
      ...env(7),
      outcome: 'bought-now',
      winningAmount: '52000.00',
      chatLine: { id: 9, message: 'Sold', timestamp: base.endTime },
    });
    expect(closed).toMatchObject({ status: 'bought-now', currentBid: '52000.00', winningAmount: '52000.00' });
    // What the open page then shows: the price paid, labelled, and how it ended, although the clock has time left.
    const standing = standingOf(
      { ...closed, startingBid: '36000.00', endTime: '2999-01-01T00:00:00.000Z' },
      Date.parse(base.endTime),
    );
    expect(standing).toMatchObject({
      live: false,
      price: { label: 'Bought now for', cents: 52_000_00 },
      minimumNextBidCents: null,
      outcome: { kind: 'bought-now', text: 'Sold via Buy It Now for $52,000' },
    });
  });
  it('shows the starting bid, never $0, for an auction nobody has bid on yet', () => {
    const fresh = {
      ...base,
      currentBid: '0.00',
      bidCount: 0,
      startingBid: '105000.00',
      endTime: '2999-01-01T00:00:00.000Z',
    };
    expect(standingOf(fresh, Date.parse(base.endTime))).toMatchObject({
      price: { label: 'Starting bid', cents: 105_000_00 },
      minimumNextBidCents: 105_000_00,
    });
  });
});

describe('chat merge', () => {
  const line = (id: number): ChatLine => ({
    id,
    message: `m${id}`,
    userName: null,
    timestamp: '',
    isSystemMessage: false,
    isSeller: false,
  });
  it('merges poll answers and pushes without duplicates, in id order', () => {
    const merged = mergeChat([line(1), line(3)], [line(2), line(3), line(4)]);
    expect(merged.map((l) => l.id)).toEqual([1, 2, 3, 4]);
  });
  it('returns the same list when nothing is new, so nothing re-renders', () => {
    const list = [line(1)];
    expect(mergeChat(list, [line(1)])).toBe(list);
  });
});

describe('bid input check', () => {
  it('refuses empty, too low, negative and too large amounts without a request, each with the rule it breaks', () => {
    const min = 11_000_00;
    expect(checkBidInput('', min).ok).toBe(false);
    expect(checkBidInput('10000', min)).toEqual({ ok: false, message: 'Bid must be at least $11,000' });
    expect(checkBidInput('-5', min)).toEqual({ ok: false, message: 'A bid must be at least $1' });
    expect(checkBidInput('99999999999', min)).toEqual({ ok: false, message: 'A bid can be at most $99,999,999' });
    expect(checkBidInput('11000', min)).toEqual({ ok: true, cents: 11_000_00 });
  });
});

describe("the bidder's own accepted bid", () => {
  const answer = (seq: number, amount: string) => ({
    id: 900 + seq,
    auctionId: 1,
    userId: 3,
    amount,
    timestamp: '2026-01-01T00:00:01.000Z',
    currentBid: amount,
    bidCount: seq,
    endTime: '2026-01-01T00:02:00.000Z',
    extended: true,
    seq,
    leading: true,
    reserveStatus: 'met' as const,
    bidderName: 'Me',
  });

  it('is shown from the 201 answer as its own event would show it, and that event then adds nothing', () => {
    const own = applyOwnBid(base, answer(6, '11000.00'), 'Fallback');
    expect(own).toMatchObject({
      currentBid: '11000.00',
      bidCount: 6,
      seq: 6,
      stale: false,
      reserveStatus: 'met',
      endTime: '2026-01-01T00:02:00.000Z',
    });
    expect(own.bids[0]).toEqual({
      id: 906,
      amount: '11000.00',
      bidderName: 'Me',
      bidderId: answer(6, '11000.00').userId,
      timestamp: '2026-01-01T00:00:01.000Z',
      proxy: false,
    });
    expect(applyEvent(own, bid(6, '11000.00'))).toBe(own);
    // The next event (an automatic answer by another's maximum) follows on.
    expect(applyEvent(own, bid(7, '12000.00'))).toMatchObject({ seq: 7, stale: false, currentBid: '12000.00' });
  });

  it('is ignored when the socket already told more, and marks the auction stale past a gap', () => {
    const later = applyEvent(base, bid(6, '11000.00'));
    expect(applyOwnBid(later, answer(6, '11000.00'), 'Me')).toBe(later);
    expect(applyOwnBid(base, answer(8, '13000.00'), 'Me')).toMatchObject({ seq: 8, stale: true });
  });

  it("takes the session's name when the answer has none", () => {
    const { bidderName: _, ...plain } = answer(6, '11000.00');
    expect(applyOwnBid(base, plain, 'Session Name').bids[0]!.bidderName).toBe('Session Name');
  });
});

describe('the live store and the own bid', () => {
  it('asks for a refetch only without live state or on a gap', () => {
    const store = useLiveAuctions.getState();
    const r = (seq: number) => ({
      id: seq,
      auctionId: 77,
      userId: 3,
      amount: '5000.00',
      timestamp: base.endTime,
      currentBid: '5000.00',
      bidCount: seq,
      endTime: base.endTime,
      extended: false,
      seq,
    });
    expect(store.placedOwn(r(1), 'Me')).toBe(true);
    store.seed(77, { ...base, seq: 1 });
    expect(store.placedOwn(r(2), 'Me')).toBe(false);
    expect(useLiveAuctions.getState().auctions[77]).toMatchObject({ seq: 2, bidCount: 2 });
    expect(store.placedOwn(r(4), 'Me')).toBe(true);
  });
});
