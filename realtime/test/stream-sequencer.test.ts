import { describe, expect, it } from 'vitest';
import { StreamSequencer } from '../src/stream-sequencer.js';
import { ev } from './support/stream-events.js';

function setup(holdMs = 100) {
  const out: string[] = [];
  const s = new StreamSequencer((e) => out.push(`${e.stream}#${e.seq}`), holdMs);
  return { s, out };
}

describe('StreamSequencer', () => {
  it('passes events in sequence straight through, each stream on its own', () => {
    const { s, out } = setup();
    for (const e of [ev('a', 1), ev('b', 1), ev('a', 2), ev('b', 2)]) s.push(e, 0);
    expect(out).toEqual(['a#1', 'b#1', 'a#2', 'b#2']);
  });

  it("puts a new stream's first events in order when another publisher's second one arrives first", () => {
    const { s, out } = setup();
    s.push(ev('a', 2), 0);
    s.push(ev('a', 3), 0);
    expect(out).toEqual([]);
    s.push(ev('a', 1), 5);
    expect(out).toEqual(['a#1', 'a#2', 'a#3']);
    expect(s.counts.duplicates).toBe(0);
  });

  it('takes a stream first seen far into its life from where it is, once its predecessors had their time to arrive', () => {
    const { s, out } = setup(100);
    s.push(ev('b', 7), 0);
    s.push(ev('b', 6), 20);
    s.releaseOverdue(50);
    expect(out).toEqual([]);
    s.releaseOverdue(101);
    expect(out).toEqual(['b#6', 'b#7']);
    s.push(ev('b', 8), 120);
    expect(out).toEqual(['b#6', 'b#7', 'b#8']);
    expect(s.counts.gapsSkipped).toBe(0);
  });

  it('drops an event delivered twice', () => {
    const { s, out } = setup();
    for (const e of [ev('a', 1), ev('a', 2), ev('a', 1), ev('a', 2), ev('a', 3)]) s.push(e, 0);
    expect(out).toEqual(['a#1', 'a#2', 'a#3']);
    expect(s.counts.duplicates).toBe(2);
  });

  it('holds an early event until the one before it arrives, then delivers both in order', () => {
    const { s, out } = setup();
    s.push(ev('a', 1), 0);
    s.push(ev('a', 3), 0);
    s.push(ev('a', 4), 0);
    expect(out).toEqual(['a#1']);
    s.push(ev('a', 2), 10);
    expect(out).toEqual(['a#1', 'a#2', 'a#3', 'a#4']);
    expect(s.counts.reordered).toBe(2);
  });

  it('skips a gap that is not filled within the hold time, delivering what waited in order', () => {
    const { s, out } = setup(100);
    s.push(ev('a', 1), 0);
    s.push(ev('a', 4), 10);
    s.push(ev('a', 3), 20);
    s.releaseOverdue(50);
    expect(out).toEqual(['a#1']);
    s.releaseOverdue(111);
    expect(out).toEqual(['a#1', 'a#3', 'a#4']);
    // The missing one, arriving at last, is too late: the clients already refetched past it.
    s.push(ev('a', 2), 200);
    expect(out).toEqual(['a#1', 'a#3', 'a#4']);
    expect(s.counts.gapsSkipped).toBe(1);
  });

  it('forgets the least recently seen stream beyond its limit without losing what it held', () => {
    const out: string[] = [];
    const s = new StreamSequencer((e) => out.push(`${e.stream}#${e.seq}`), 100, 2);
    s.push(ev('a', 1), 0);
    s.push(ev('a', 3), 0);
    s.push(ev('b', 1), 0);
    s.push(ev('c', 1), 0);
    expect(out).toEqual(['a#1', 'b#1', 'a#3', 'c#1']);
  });
});
