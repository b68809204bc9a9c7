// A page following an auction checks its state again whenever its socket comes back (a reconnect, or a resumed
// session that may have skipped an event): the join's snapshot names the stream's last seq, and a page that has seen
// less than that refetches the auction instead of trusting what it holds.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AuctionSnapshot } from '@app/shared';
import { createQueryClient } from '../src/app/query-client';
import { configureSocket } from '../src/lib/socket';
import { auctionQueryKey, useLiveAuction, useLiveAuctions } from '../src/shared/auction-state';

/** The gateway's side: the snapshot each join is answered with, and the page's listeners to call. */
const gateway = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const state = { seq: 5, joins: 0 };
  const socket = {
    connected: true,
    on(name: string, fn: (...args: unknown[]) => void) {
      listeners.set(name, (listeners.get(name) ?? new Set()).add(fn));
      return socket;
    },
    off(name: string, fn: (...args: unknown[]) => void) {
      listeners.get(name)?.delete(fn);
      return socket;
    },
    emit: () => socket,
    timeout: () => ({
      emitWithAck: async () => {
        state.joins += 1;
        return { ok: true, data: snapshot(state.seq, state.joins) };
      },
    }),
  };
  // Each answer counts one more viewer online, so a test can see when the page has taken in the answer to a join.
  const snapshot = (seq: number, online: number) =>
    ({
      auctionId: 1,
      currentBid: '10000.00',
      bidCount: 1,
      endTime: '2999-01-01T00:00:00.000Z',
      status: 'active',
      reserveStatus: 'not-met',
      seq,
      serverTime: new Date().toISOString(),
      online,
    }) satisfies AuctionSnapshot;
  const reconnect = () => listeners.get('connect')?.forEach((fn) => fn());
  return { socket, state, reconnect };
});
vi.mock('socket.io-client', () => ({ io: () => gateway.socket }));

function Following() {
  useLiveAuction([1]);
  return null;
}

let refetched: number;
beforeEach(() => {
  configureSocket(async () => 'http://gateway.test');
  useLiveAuctions.setState({ auctions: {}, online: {} });
  gateway.state.seq = 5;
  gateway.state.joins = 0;
  const client = createQueryClient();
  refetched = 0;
  const invalidate = client.invalidateQueries.bind(client);
  client.invalidateQueries = ((filters?: { queryKey?: readonly unknown[] }) => {
    if (JSON.stringify(filters?.queryKey) === JSON.stringify(auctionQueryKey(1))) refetched += 1;
    return invalidate(filters);
  }) as typeof client.invalidateQueries;
  render(
    <QueryClientProvider client={client}>
      <Following />
    </QueryClientProvider>,
  );
});
afterEach(cleanup);

// The first join waits for the socket's client library, loaded on first use: longer than a second on a busy machine.
const FIRST_JOIN = { timeout: 10_000 };

it('refetches after a reconnect whose snapshot is ahead of what the page has seen', async () => {
  await waitFor(() => expect(useLiveAuctions.getState().auctions[1]?.seq).toBe(5), FIRST_JOIN);
  expect(refetched).toBe(0);
  // While the socket was away (or in a resumed session that skipped one), bids 6 and 7 went by.
  gateway.state.seq = 7;
  gateway.reconnect();
  await waitFor(() => expect(refetched).toBe(1));
  expect(useLiveAuctions.getState().auctions[1]?.seq).toBe(7);
});

it('trusts what it holds after a reconnect that missed nothing', async () => {
  await waitFor(() => expect(useLiveAuctions.getState().auctions[1]?.seq).toBe(5), FIRST_JOIN);
  gateway.reconnect();
  // The second answer taken in (its online count stored), the page has decided whether to refetch: it did not.
  await waitFor(() => expect(useLiveAuctions.getState().online[1]).toBe(2));
  expect(refetched).toBe(0);
});
