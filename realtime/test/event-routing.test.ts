import { describe, expect, it } from 'vitest';
import { EVENTS_STREAM_FIELD, eventFromStreamFields as parseEntry, type DomainEvent } from '@app/shared';
import { auctionIdOfRoom, toEmit } from '../src/event-routing.js';

const at = '2030-01-01T00:00:00.000Z';
const bid: DomainEvent = {
  type: 'bid.placed', auctionId: 7, seq: 3, at, bidId: 11, amount: '21000.00', currentBid: '21000.00', bidCount: 3,
  endTime: at, bidderName: 'Ann', bidderId: 4, reserveStatus: 'not-met',
};
const alert: DomainEvent = {
  type: 'alert.fired', userId: 9, at, alertId: 2, alertType: 'priceTarget', text: 'Target reached',
  auction: { id: 7, title: '2020 BMW M2', currentBid: '21000.00', endTime: at },
};
const escrow: DomainEvent = {
  type: 'escrow.updated', userId: 5, at, transactionId: 1, auctionId: 7, status: 'cancelled', milestone: null,
};

describe('routing a domain event to an emit', () => {
  it('sends auction events to the auction room under their own type, unchanged', () => {
    expect(toEmit(bid)).toEqual({ room: 'auction:7', name: 'bid.placed', payload: bid });
    const closed: DomainEvent = { type: 'auction.closed', auctionId: 7, seq: 4, at, outcome: 'sold', winningAmount: '21000.00' };
    expect(toEmit(closed)).toEqual({ room: 'auction:7', name: 'auction.closed', payload: closed });
  });

  it('sends alerts and escrow updates to the user room only, even though an escrow update names an auction', () => {
    expect(toEmit(alert)).toEqual({ room: 'user:9', name: 'alert.fired', payload: alert });
    expect(toEmit(escrow)).toEqual({ room: 'user:5', name: 'escrow.updated', payload: escrow });
  });

  it('knows auction rooms from every other room', () => {
    expect(auctionIdOfRoom('auction:42')).toBe(42);
    expect(auctionIdOfRoom('user:42')).toBeNull();
    expect(auctionIdOfRoom('auction:42x')).toBeNull();
    expect(auctionIdOfRoom('xK3s9_socket-id')).toBeNull();
  });
});

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
