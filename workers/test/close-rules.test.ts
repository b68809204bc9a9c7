import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@app/shared';
import { closeJobId } from '../src/queues/auction-close-queue.js';
import { latestEndTimes } from '../src/queues/end-time-moves.js';

describe('close job ids', () => {
  it('name the auction and its end, with no colon and never only digits', () => {
    const id = closeJobId(42, new Date('2030-01-01T00:00:00.000Z'));
    expect(id).toBe('close-42-1893456000000');
    expect(id).not.toContain(':');
    expect(id).not.toMatch(/^\d+$/);
  });
});

describe('end times reported by events', () => {
  const at = '2030-01-01T00:00:00.000Z';
  const bid = (auctionId: number, seq: number, endTime: string): DomainEvent => ({
    type: 'bid.placed',
    stream: `auction:${auctionId}`,
    auctionId,
    seq,
    at,
    bidId: seq,
    amount: '1000.00',
    currentBid: '1000.00',
    bidCount: seq,
    endTime,
    extended: false,
    bidderName: 'A',
    bidderId: 1,
    reserveStatus: 'none',
    chatLine: { id: seq, message: 'New high bid', timestamp: at },
  });

  it('keeps the end of the newest event per auction, from bids and extensions, and ignores other events', () => {
    const ends = latestEndTimes([
      bid(1, 5, '2030-01-01T00:02:00.000Z'),
      { type: 'auction.extended', stream: 'auction:1', auctionId: 1, seq: 7, at, endTime: '2030-01-01T00:04:00.000Z' },
      bid(1, 6, '2030-01-01T00:03:00.000Z'),
      bid(2, 1, '2030-01-01T01:00:00.000Z'),
      {
        type: 'auction.closed',
        stream: 'auction:3',
        auctionId: 3,
        seq: 9,
        at,
        outcome: 'sold',
        winningAmount: '1000.00',
        chatLine: { id: 1, message: 'Sold', timestamp: at },
      },
      { type: 'auction.opened', stream: 'auction:4', auctionId: 4, seq: 1, at, endTime: '2030-01-08T00:00:00.000Z' },
    ]);
    expect([...ends].map(([id, end]) => [id, end.toISOString()])).toEqual([
      [1, '2030-01-01T00:04:00.000Z'],
      [2, '2030-01-01T01:00:00.000Z'],
      [4, '2030-01-08T00:00:00.000Z'],
    ]);
  });
});
