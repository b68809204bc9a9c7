import { describe, expect, it } from 'vitest';
import { auctionOutcome, auctionStanding, checkBidInput, finalPriceCents, type StandingAuction } from '../src/index.js';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const auction = (over: Partial<StandingAuction> = {}): StandingAuction => ({
  status: 'active',
  endTimeMs: NOW + 60 * 60_000,
  startingBidCents: 105_000_00,
  currentBidCents: 0,
  bidCount: 0,
  winningCents: null,
  ...over,
});

describe('auctionStanding', () => {
  it('shows the starting bid, labelled so, and asks for at least the starting bid while nobody has bid', () => {
    expect(auctionStanding(auction(), NOW)).toEqual({
      live: true,
      price: { label: 'Starting bid', cents: 105_000_00 },
      minimumNextBidCents: 105_000_00,
      outcome: null,
    });
  });

  it('shows the current bid and asks for $1,000 more once someone has bid', () => {
    const s = auctionStanding(auction({ currentBidCents: 110_000_00, bidCount: 2 }), NOW);
    expect(s.price).toEqual({ label: 'Current bid', cents: 110_000_00 });
    expect(s.minimumNextBidCents).toBe(111_000_00);
  });

  it('says how each ended auction ended, with what it sold for, and takes no bid', () => {
    const ended = { endTimeMs: NOW - 1000 };
    expect(
      auctionStanding(
        auction({ ...ended, status: 'sold', currentBidCents: 61_000_00, bidCount: 5, winningCents: 61_000_00 }),
        NOW,
      ),
    ).toEqual({
      live: false,
      price: { label: 'Sold for', cents: 61_000_00 },
      minimumNextBidCents: null,
      outcome: { kind: 'sold', label: 'Sold', text: 'Sold for $61,000' },
    });
    // Bought outright before its end: ended by its status although the clock still runs.
    const bought = auction({ status: 'bought-now', currentBidCents: 52_000_00, bidCount: 2, winningCents: 52_000_00 });
    expect(auctionStanding(bought, NOW)).toMatchObject({
      live: false,
      price: { label: 'Bought now for', cents: 52_000_00 },
      outcome: { kind: 'bought-now', text: 'Sold via Buy It Now for $52,000' },
    });
    expect(
      auctionStanding(auction({ ...ended, status: 'reserve-not-met', currentBidCents: 90_000_00, bidCount: 3 }), NOW),
    ).toMatchObject({
      price: { label: 'Highest bid', cents: 90_000_00 },
      outcome: { kind: 'reserve-not-met', text: 'Reserve not met' },
    });
    expect(auctionStanding(auction({ ...ended, status: 'no-bids' }), NOW)).toMatchObject({
      price: { label: 'Starting bid', cents: 105_000_00 },
      outcome: { kind: 'no-bids', text: 'Ended with no bids' },
    });
  });

  it('calls an auction past its end "ended" before the close job has decided how', () => {
    expect(auctionOutcome(auction({ endTimeMs: NOW }), NOW)).toEqual({
      kind: 'closing',
      label: 'Ended',
      text: 'Auction ended',
    });
    expect(auctionStanding(auction({ endTimeMs: NOW }), NOW).minimumNextBidCents).toBeNull();
  });

  it('lists an ended auction by what it sold for, else its highest bid, else its starting bid', () => {
    expect(finalPriceCents(auction({ status: 'sold', currentBidCents: 7, bidCount: 1, winningCents: 7 }))).toBe(7);
    expect(finalPriceCents(auction({ status: 'reserve-not-met', currentBidCents: 5, bidCount: 1 }))).toBe(5);
    expect(finalPriceCents(auction({ status: 'no-bids' }))).toBe(105_000_00);
  });
});

describe('checkBidInput', () => {
  const min = 49_000_00;
  it.each([
    ['99999999999', 'A bid can be at most $99,999,999'],
    ['-5', 'A bid must be at least $1'],
    ['0', 'A bid must be at least $1'],
    ['abc', 'Enter your bid in whole dollars, digits only'],
    ['', 'Enter your bid in whole dollars, digits only'],
    ['50000.50', 'Bids are in whole dollars: enter an amount without cents'],
    ['48999', 'Bid must be at least $49,000'],
  ])('refuses %j with the rule it breaks', (input, message) => {
    expect(checkBidInput(input, min)).toEqual({ ok: false, message });
  });

  it('accepts the minimum and more, with a dollar sign, commas or zero cents', () => {
    expect(checkBidInput('49000', min)).toEqual({ ok: true, cents: 49_000_00 });
    expect(checkBidInput('$50,000.00', min)).toEqual({ ok: true, cents: 50_000_00 });
  });
});
