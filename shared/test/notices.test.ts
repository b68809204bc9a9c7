import { describe, expect, it } from 'vitest';
import { closeNotices, outbidNotice, type ClosedAuctionFacts } from '../src/index.js';

const facts = (o: Partial<ClosedAuctionFacts>): ClosedAuctionFacts => ({
  auctionId: 7,
  title: '2022 BMW M4 Competition',
  outcome: 'sold',
  winningAmount: '61000.00',
  winnerId: 1,
  sellerId: 2,
  topBidderId: 1,
  highBid: '61000.00',
  watcherIds: [],
  ...o,
});
const who = (f: ClosedAuctionFacts) => closeNotices(f).map((n) => [n.userId, n.kind, n.text, n.link]);

describe('who is told what', () => {
  it('tells the previous leader, in the words of the issue, and no one when a leader raises their own bid', () => {
    expect(
      outbidNotice({
        auctionId: 7,
        title: '2022 BMW M4 Competition',
        bidId: 9,
        bidderId: 3,
        amount: '61000.00',
        previousLeaderId: 1,
      }),
    ).toEqual({
      userId: 1,
      kind: 'outbid',
      subject: 'bid:9',
      auctionId: 7,
      text: "You've been outbid on 2022 BMW M4 Competition: $61,000",
      link: '/listing/7',
    });
    expect(
      outbidNotice({ auctionId: 7, title: 'x', bidId: 9, bidderId: 1, amount: '1.00', previousLeaderId: 1 }),
    ).toBeNull();
    expect(
      outbidNotice({ auctionId: 7, title: 'x', bidId: 9, bidderId: 1, amount: '1.00', previousLeaderId: null }),
    ).toBeNull();
  });

  it('a previous leader with an outbid alert hears it from the alert only: one notice for one overtaking', () => {
    const bid = { auctionId: 7, title: 'x', bidId: 9, bidderId: 3, amount: '1.00', previousLeaderId: 1 };
    expect(outbidNotice({ ...bid, previousLeaderHasOutbidAlert: true })).toBeNull();
    expect(outbidNotice({ ...bid, previousLeaderHasOutbidAlert: false })).toMatchObject({ userId: 1, kind: 'outbid' });
  });

  it('a sale: the winner won, the seller sold, both linked to the transaction; watchers hear it ended, once each', () => {
    expect(who(facts({ watcherIds: [1, 5, 5, 2] }))).toEqual([
      [1, 'won', 'You won 2022 BMW M4 Competition for $61,000', '/transaction/7'],
      [2, 'sold', 'Your 2022 BMW M4 Competition sold for $61,000', '/transaction/7'],
      [5, 'watch-ended', '2022 BMW M4 Competition ended: sold for $61,000', '/listing/7'],
    ]);
  });

  it('Buy It Now: the buyer bought it', () => {
    expect(who(facts({ outcome: 'bought-now', winningAmount: '84000.00', winnerId: 4 }))[0]).toEqual([
      4,
      'won',
      'You bought 2022 BMW M4 Competition for $84,000',
      '/transaction/7',
    ]);
  });

  it('reserve not met: the seller and the top bidder are told; no bids: the seller is', () => {
    expect(
      who(facts({ outcome: 'reserve-not-met', winningAmount: null, winnerId: null })).map(([u, k]) => [u, k]),
    ).toEqual([
      [2, 'reserve-not-met'],
      [1, 'reserve-not-met'],
    ]);
    expect(
      who(facts({ outcome: 'no-bids', winningAmount: null, winnerId: null, topBidderId: null, watcherIds: [6] })),
    ).toEqual([
      [2, 'unsold', 'Your 2022 BMW M4 Competition ended with no bids', '/listing/7'],
      [6, 'watch-ended', '2022 BMW M4 Competition ended with no bids', '/listing/7'],
    ]);
  });

  it('a sample car without an owner tells no seller', () => {
    expect(who(facts({ sellerId: null })).map(([u, k]) => [u, k])).toEqual([[1, 'won']]);
  });

  it('every notice of one close has the same subject, so a second close or a replay is the same notice', () => {
    expect(new Set(closeNotices(facts({ watcherIds: [5] })).map((n) => n.subject))).toEqual(new Set(['auction:7']));
  });
});
