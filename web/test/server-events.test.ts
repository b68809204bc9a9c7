import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventOf } from '@app/shared';
import { onServerEvent } from '../src/lib/server-events';
import type { AppSocket } from '../src/lib/socket';

afterEach(() => vi.restoreAllMocks());

/** Just enough of a socket to deliver what a gateway would emit. */
function fakeSocket() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on(name: string, fn: (payload: unknown) => void) {
      listeners.set(name, (listeners.get(name) ?? new Set()).add(fn));
      return socket;
    },
    off(name: string, fn: (payload: unknown) => void) {
      listeners.get(name)?.delete(fn);
      return socket;
    },
  };
  const emit = (name: string, payload: unknown) => listeners.get(name)?.forEach((fn) => fn(payload));
  return { socket: socket as unknown as AppSocket, emit, count: (name: string) => listeners.get(name)?.size ?? 0 };
}

const at = '2026-01-01T00:00:00.000Z';
const bid: EventOf<'bid.placed'> = {
  type: 'bid.placed',
  stream: 'auction:1',
  seq: 6,
  at,
  auctionId: 1,
  bidId: 6,
  amount: '11000.00',
  currentBid: '11000.00',
  bidCount: 2,
  endTime: at,
  extended: false,
  bidderName: 'B',
  bidderId: 2,
  reserveStatus: 'met',
  chatLine: { id: 9, message: 'New high bid', timestamp: at },
};

describe('socket payloads are parsed by the shared event schema', () => {
  it('hands a well-formed event to the handler', () => {
    const { socket, emit } = fakeSocket();
    const handler = vi.fn();
    onServerEvent(socket, 'bid.placed', handler);
    emit('bid.placed', bid);
    expect(handler).toHaveBeenCalledWith(bid);
  });
  it('ignores and logs a malformed payload: the handler never sees it', () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { socket, emit } = fakeSocket();
    const handler = vi.fn();
    onServerEvent(socket, 'bid.placed', handler);
    // Money as a number, where the contract says a decimal string.
    emit('bid.placed', { ...bid, currentBid: 11000 });
    // And something that is not an event at all.
    emit('bid.placed', '<script>alert(1)</script>');
    expect(handler).not.toHaveBeenCalled();
    expect(warned).toHaveBeenCalledTimes(2);
    expect(String(warned.mock.calls[0]?.[0])).toBe('ignored a malformed bid.placed event');
  });
  it('ignores and logs a valid event of another type sent under this name', () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { socket, emit } = fakeSocket();
    const handler = vi.fn();
    onServerEvent(socket, 'auction.extended', handler);
    emit('auction.extended', bid);
    expect(handler).not.toHaveBeenCalled();
    expect(warned).toHaveBeenCalledWith('ignored a bid.placed event sent as auction.extended');
  });
  it('stops listening when undone', () => {
    const { socket, count } = fakeSocket();
    const off = onServerEvent(socket, 'bid.placed', vi.fn());
    expect(count('bid.placed')).toBe(1);
    off();
    expect(count('bid.placed')).toBe(0);
  });
});

describe('bid state in auction:events packets', () => {
  const extended: EventOf<'auction.extended'> = {
    type: 'auction.extended',
    stream: 'auction:1',
    seq: 7,
    at,
    auctionId: 1,
    endTime: at,
  };
  const bid8 = { ...bid, seq: 8, bidId: 8 };

  it('hands each event of a packet, in the packet order, to the handlers of its type', () => {
    const { socket, emit } = fakeSocket();
    const seen: string[] = [];
    // One handler for two types, as the live auction store listens: it must see them interleaved as sent.
    const record = (e: { type: string; seq: number }) => seen.push(`${e.type}#${e.seq}`);
    onServerEvent(socket, 'bid.placed', record);
    onServerEvent(socket, 'auction.extended', record);
    emit('auction:events', [bid, extended, bid8]);
    expect(seen).toEqual(['bid.placed#6', 'auction.extended#7', 'bid.placed#8']);
  });

  it('drops a malformed packet whole: no handler sees any of it', () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { socket, emit } = fakeSocket();
    const handler = vi.fn();
    onServerEvent(socket, 'bid.placed', handler);
    emit('auction:events', [bid, { ...bid8, currentBid: 11000 }]);
    emit('auction:events', bid);
    expect(handler).not.toHaveBeenCalled();
    expect(String(warned.mock.calls[0]?.[0])).toBe('ignored a malformed auction:events packet');
  });

  it('stops unpacking for a handler undone, and stops listening once none is left', () => {
    const { socket, emit, count } = fakeSocket();
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = onServerEvent(socket, 'bid.placed', first);
    const offSecond = onServerEvent(socket, 'auction.extended', second);
    expect(count('auction:events')).toBe(1);
    offFirst();
    emit('auction:events', [bid, extended]);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(extended);
    offSecond();
    expect(count('auction:events')).toBe(0);
  });
});
