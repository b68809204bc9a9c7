import { describe, expect, it } from 'vitest';
import { auctionIdOfRoom, type DomainEvent } from '@app/shared';
import { routeEvent } from '../src/event-routing.js';

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
const alert: DomainEvent = {
  type: 'alert.fired',
  stream: 'user:9',
  seq: 1,
  userId: 9,
  at,
  alertId: 2,
  alertType: 'priceTarget',
  text: 'Target reached',
  auction: { id: 7, title: '2020 BMW M2', currentBid: '21000.00', endTime: at },
};
const escrow: DomainEvent = {
  type: 'escrow.updated',
  stream: 'user:5',
  seq: 4,
  userId: 5,
  at,
  transactionId: 1,
  auctionId: 7,
  status: 'cancelled',
  milestone: null,
  role: 'buyer',
  actor: 'system',
  text: 'Cancelled',
};

describe('routing a domain event to an emit', () => {
  it('sends auction events to the auction room under their own type, unchanged', () => {
    expect(routeEvent(bid)).toEqual({ action: 'emit', room: 'auction:7', event: bid });
    const closed: DomainEvent = {
      type: 'auction.closed',
      stream: 'auction:7',
      auctionId: 7,
      seq: 4,
      at,
      outcome: 'sold',
      winningAmount: '21000.00',
      chatLine: { id: 2, message: 'Sold', timestamp: at },
    };
    expect(routeEvent(closed)).toEqual({ action: 'emit', room: 'auction:7', event: closed });
  });

  it("sends an auction's chat stream to the same room as its bids, and admin events to the admins' room", () => {
    const chat: DomainEvent = {
      type: 'chat.message',
      stream: 'auction:7:chat',
      auctionId: 7,
      seq: 1,
      at,
      id: 3,
      message: 'hi',
      userName: 'Ann',
      userId: 4,
      timestamp: at,
      isSystemMessage: false,
    };
    expect(routeEvent(chat)).toMatchObject({ action: 'emit', room: 'auction:7' });
    const submitted: DomainEvent = {
      type: 'auction.submitted',
      stream: 'admins',
      seq: 1,
      at,
      auctionId: 8,
      title: '2021 Audi RS 6',
    };
    expect(routeEvent(submitted)).toMatchObject({ action: 'emit', room: 'admins' });
  });

  it('closes the sockets of a session that ended instead of telling anyone', () => {
    const ended: DomainEvent = {
      type: 'session.ended',
      stream: 'user:5',
      seq: 2,
      at,
      userId: 5,
      sessionId: 'a'.repeat(64),
    };
    expect(routeEvent(ended)).toEqual({
      action: 'disconnect',
      room: `session:${'a'.repeat(64)}`,
      sessionId: 'a'.repeat(64),
    });
  });

  it('sends alerts and escrow updates to the user room only, even though an escrow update names an auction', () => {
    expect(routeEvent(alert)).toEqual({ action: 'emit', room: 'user:9', event: alert });
    expect(routeEvent(escrow)).toEqual({ action: 'emit', room: 'user:5', event: escrow });
  });

  it('knows auction rooms from every other room', () => {
    expect(auctionIdOfRoom('auction:42')).toBe(42);
    expect(auctionIdOfRoom('user:42')).toBeNull();
    expect(auctionIdOfRoom('auction:42x')).toBeNull();
    expect(auctionIdOfRoom('xK3s9_socket-id')).toBeNull();
  });
});
