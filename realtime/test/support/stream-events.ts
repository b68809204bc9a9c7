import type { DomainEvent } from '@app/shared';

/** An event of `stream` at `seq`: what the sequencer and the delivery filter read of it is its stream and seq. */
export const ev = (stream: string, seq: number) =>
  ({
    type: 'auction.extended',
    stream,
    seq,
    at: '2026-01-01T00:00:00.000Z',
    auctionId: 1,
    endTime: '2026-01-01T00:00:00.000Z',
  }) as DomainEvent;
