// The events stream's entry format: what the writer puts in, every reader parses back, and what a reader drops.
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@app/shared';
import { EVENTS_STREAM_FIELD, eventFromStreamFields as parseEntry } from '../src/events/stream-fields.js';

const at = '2030-01-01T00:00:00.000Z';
const extended: DomainEvent = { type: 'auction.extended', stream: 'auction:7', seq: 3, at, auctionId: 7, endTime: at };

describe('reading an events stream entry', () => {
  it('accepts an entry that matches the contract', () => {
    expect(parseEntry([EVENTS_STREAM_FIELD, JSON.stringify(extended)])).toEqual(extended);
  });

  it('rejects malformed JSON, a missing field, a value in the field name position and an event off the contract', () => {
    expect(parseEntry([EVENTS_STREAM_FIELD, '{not json'])).toBeNull();
    expect(parseEntry(['other', JSON.stringify(extended)])).toBeNull();
    expect(parseEntry(['other', EVENTS_STREAM_FIELD])).toBeNull();
    expect(parseEntry([EVENTS_STREAM_FIELD, JSON.stringify({ ...extended, auctionId: 'seven' })])).toBeNull();
    expect(parseEntry([EVENTS_STREAM_FIELD, JSON.stringify({ type: 'bid.deleted', auctionId: 7 })])).toBeNull();
  });
});
