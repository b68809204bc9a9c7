// "Your max" after the viewer's own bid: carried over from the newest reading before it, never read again for it.
import { describe, expect, it } from 'vitest';
import type { MaxBidResponse } from '@app/shared';
import { carriedMax } from '../src/features/bidding/hooks/carried-max';

const reading = (bidCount: number, over: Partial<MaxBidResponse> = {}): MaxBidResponse => ({
  auctionId: 7,
  maxAmount: '80000.00',
  leading: false,
  currentBid: '50000.00',
  bidCount,
  bid: null,
  ...over,
});

describe('carriedMax', () => {
  it('keeps the newest earlier reading’s maximum, leading at the new price and count', () => {
    const carried = carriedMax([reading(3), reading(5, { maxAmount: '90000.00' })], {
      bidCount: 6,
      currentBid: '55000.00',
    });
    expect(carried).toEqual(reading(6, { maxAmount: '90000.00', leading: true, currentBid: '55000.00' }));
  });

  it('takes the standing and the maximum the bid’s own answer gives', () => {
    const carried = carriedMax([reading(5)], {
      bidCount: 7,
      currentBid: '60000.00',
      leading: false,
      maxAmount: '99000.00',
    });
    expect(carried).toMatchObject({ bidCount: 7, leading: false, maxAmount: '99000.00' });
  });

  it('gives nothing when the page read nothing before the bid, so it reads the maximum', () => {
    expect(carriedMax([], { bidCount: 1, currentBid: '1000.00' })).toBeUndefined();
    expect(carriedMax([reading(6)], { bidCount: 6, currentBid: '55000.00' })).toBeUndefined();
  });
});
