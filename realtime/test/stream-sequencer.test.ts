import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@app/shared';
import { StreamSequencer } from '../src/stream-sequencer.js';
import { ev } from './support/stream-events.js';

function setup(holdMs = 100) {
  const out: string[] = [];
  const s = new StreamSequencer((e) => out.push(`${e.stream}#${e.seq}`), { holdMs });
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
    const s = new StreamSequencer((e) => out.push(`${e.stream}#${e.seq}`), { holdMs: 100, maxStreams: 2 });
    s.push(ev('a', 1), 0);
    s.push(ev('a', 3), 0);
    s.push(ev('b', 1), 0);
    s.push(ev('c', 1), 0);
    expect(out).toEqual(['a#1', 'b#1', 'a#3', 'c#1']);
  });

  describe('reading a gap back from the log', () => {
    function withLog(log: DomainEvent[], fail = false) {
      const out: string[] = [];
      const asked: string[] = [];
      let answer: () => void = () => undefined;
      const s = new StreamSequencer((e) => out.push(`${e.stream}#${e.seq}`), {
        holdMs: 100,
        fillGaps: (gaps) => {
          asked.push(...gaps.map((g) => `${g.stream} ${g.after}..${g.before}`));
          return new Promise((resolve, reject) => {
            answer = () =>
              fail
                ? reject(new Error('down'))
                : resolve(
                    log.filter((e) => gaps.some((g) => g.stream === e.stream && e.seq > g.after && e.seq < g.before)),
                  );
          });
        },
      });
      return { s, out, asked, answer: async () => (answer(), await Promise.resolve(), await Promise.resolve()) };
    }

    it('delivers the events the stream lost from the log, in order, then what waited behind them', async () => {
      const { s, out, asked, answer } = withLog([ev('a', 2), ev('a', 3), ev('b', 5)]);
      s.push(ev('a', 1), 0);
      s.push(ev('a', 4), 10);
      s.releaseOverdue(111);
      expect(asked).toEqual(['a 1..4']);
      // While the log is asked, the stream waits; a later event waits with it.
      s.push(ev('a', 5), 120);
      s.releaseOverdue(400);
      expect(asked).toHaveLength(1);
      expect(out).toEqual(['a#1']);
      await answer();
      expect(out).toEqual(['a#1', 'a#2', 'a#3', 'a#4', 'a#5']);
      expect(s.counts).toMatchObject({ gapsFilled: 2, gapsSkipped: 0 });
      // The lost one, arriving at last, is a duplicate.
      s.push(ev('a', 2), 500);
      expect(out).toHaveLength(5);
      expect(s.counts.duplicates).toBe(1);
    });

    it('takes an event that arrives on its own during the read, and skips only what the log lacks', async () => {
      const { s, out, answer } = withLog([ev('a', 2)]);
      s.push(ev('a', 1), 0);
      s.push(ev('a', 5), 0);
      s.releaseOverdue(101);
      s.push(ev('a', 3), 150);
      await answer();
      // 4 is in neither: skipped, and the clients refetch at the jump.
      expect(out).toEqual(['a#1', 'a#2', 'a#3', 'a#5']);
      expect(s.counts).toMatchObject({ gapsFilled: 1, gapsSkipped: 1 });
    });

    it('skips the gap when the log cannot be read', async () => {
      const { s, out, answer } = withLog([], true);
      s.push(ev('a', 1), 0);
      s.push(ev('a', 3), 0);
      s.releaseOverdue(101);
      expect(out).toEqual(['a#1']);
      await answer();
      expect(out).toEqual(['a#1', 'a#3']);
      expect(s.counts).toMatchObject({ gapsFilled: 0, gapsSkipped: 1 });
    });

    it('sends one read at a time: a gap that comes due during one waits for the next', async () => {
      const { s, out, asked, answer } = withLog([ev('a', 2), ev('b', 2)]);
      s.push(ev('a', 1), 0);
      s.push(ev('a', 3), 0);
      s.releaseOverdue(101);
      s.push(ev('b', 1), 150);
      s.push(ev('b', 3), 150);
      s.releaseOverdue(300);
      expect(asked).toEqual(['a 1..3']);
      await answer();
      s.releaseOverdue(310);
      expect(asked).toEqual(['a 1..3', 'b 1..3']);
      await answer();
      expect(out).toEqual(['a#1', 'b#1', 'a#2', 'a#3', 'b#2', 'b#3']);
      expect(s.counts).toMatchObject({ gapsFilled: 2, gapsSkipped: 0 });
    });

    it('delivers everything held at once when closing, even with a read in flight', () => {
      const { s, out } = withLog([ev('a', 2)]);
      s.push(ev('a', 1), 0);
      s.push(ev('a', 3), 0);
      s.releaseOverdue(101);
      s.releaseOverdue(Number.POSITIVE_INFINITY);
      expect(out).toEqual(['a#1', 'a#3']);
    });
  });
});
