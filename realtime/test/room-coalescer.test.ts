// Bid state is sent one packet per room per window: a lone event goes at once, a burst is gathered, and nothing is
// ever dropped or reordered.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { DomainEvent } from '@app/shared';
import { RoomCoalescer } from '../src/room-coalescer.js';

const WINDOW = 50;
const ev = (auctionId: number, seq: number) =>
  ({
    type: 'auction.extended',
    stream: `auction:${auctionId}`,
    seq,
    at: '2026-01-01T00:00:00.000Z',
    auctionId,
    endTime: '2026-01-01T00:00:00.000Z',
  }) as DomainEvent;

let sent: { at: number; room: string; seqs: number[] }[];
let coalescer: RoomCoalescer;
beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  coalescer = new RoomCoalescer(
    (room, events) => sent.push({ at: Date.now(), room, seqs: events.map((e) => e.seq) }),
    WINDOW,
  );
});
afterEach(() => vi.useRealTimers());

it('sends a lone event at once, with whatever came in the same read', async () => {
  coalescer.push('auction:1', ev(1, 1));
  coalescer.push('auction:1', ev(1, 2));
  await Promise.resolve();
  expect(sent).toEqual([{ at: Date.now(), room: 'auction:1', seqs: [1, 2] }]);
});

it('a burst of 200 events over 1 s: at most one packet per window, every event once and in order, the newest last', async () => {
  const start = Date.now();
  for (let seq = 1; seq <= 200; seq += 1) {
    coalescer.push('auction:7', ev(7, seq));
    await Promise.resolve();
    await vi.advanceTimersByTimeAsync(5);
  }
  await vi.advanceTimersByTimeAsync(WINDOW * 2);
  expect(sent.flatMap((p) => p.seqs)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  for (let i = 1; i < sent.length; i += 1) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(WINDOW);
  // About one packet per window over the second the burst lasted, not one per event.
  expect(sent.length).toBeLessThanOrEqual(Math.ceil((Date.now() - start) / WINDOW) + 1);
  expect(sent.at(-1)!.seqs.at(-1)).toBe(200);
});

it('keeps rooms apart: a busy room does not hold back a quiet one', async () => {
  coalescer.push('auction:1', ev(1, 1));
  await Promise.resolve();
  coalescer.push('auction:1', ev(1, 2));
  coalescer.push('auction:2', ev(2, 1));
  await Promise.resolve();
  expect(sent.map((p) => [p.room, p.seqs])).toEqual([
    ['auction:1', [1]],
    ['auction:2', [1]],
  ]);
  await vi.advanceTimersByTimeAsync(WINDOW);
  expect(sent.map((p) => [p.room, p.seqs])).toContainEqual(['auction:1', [2]]);
});

it('after a quiet window the next event goes at once again', async () => {
  coalescer.push('auction:1', ev(1, 1));
  await Promise.resolve();
  await vi.advanceTimersByTimeAsync(WINDOW * 3);
  const before = Date.now();
  coalescer.push('auction:1', ev(1, 2));
  await Promise.resolve();
  expect(sent.at(-1)).toEqual({ at: before, room: 'auction:1', seqs: [2] });
});

it('sends what is waiting when flushed (shutdown)', async () => {
  coalescer.push('auction:1', ev(1, 1));
  await Promise.resolve();
  coalescer.push('auction:1', ev(1, 2));
  coalescer.push('auction:1', ev(1, 3));
  coalescer.flush();
  expect(sent.flatMap((p) => p.seqs)).toEqual([1, 2, 3]);
  await vi.advanceTimersByTimeAsync(WINDOW * 2);
  expect(sent.flatMap((p) => p.seqs)).toEqual([1, 2, 3]);
});
