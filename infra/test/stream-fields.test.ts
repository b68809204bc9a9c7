// The events stream's entry format: what the writer puts in, every reader parses back, and what a reader drops.
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@app/shared';
import { EVENTS_STREAM_FIELD, eventFromStreamFields as parseEntry } from '../src/events/stream-fields.js';

const at = '2030-01-01T00:00:00.000Z';
const bid: DomainEvent = {
  type: 'bid.placed',
  stream: 'auction:7',
  auctionId: 7,
  seq: 3,
  at,
  bidId: 11,
  amount: '21000.00',
  currentBid: '21000.00',
  bidCount: 3,
  endTime: at,
  extended: false,
  bidderName: 'Ann',
  bidderId: 4,
  reserveStatus: 'not-met',
  chatLine: { id: 1, message: 'New high bid', timestamp: at },
};

describe('reading an events stream entry', () => {
  it('accepts an entry that matches the contract', () => {
    expect(parseEntry([EVENTS_STREAM_FIELD, JSON.stringify(bid)])).toEqual(bid);
  });

  it('rejects malformed JSON, a missing field, a value in the field name position and an event off the contract', () => {
    expect(parseEntry([EVENTS_STREAM_FIELD, '{not json'])).toBeNull();
    expect(parseEntry(['other', JSON.stringify(bid)])).toBeNull();
    expect(parseEntry(['other', EVENTS_STREAM_FIELD])).toBeNull();
    expect(parseEntry([EVENTS_STREAM_FIELD, JSON.stringify({ ...bid, amount: 21000 })])).toBeNull();
    expect(parseEntry([EVENTS_STREAM_FIELD, JSON.stringify({ type: 'bid.deleted', auctionId: 7 })])).toBeNull();
  });
});
