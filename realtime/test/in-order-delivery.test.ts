import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@app/shared';
import { DeliveredSeqs } from '../src/in-order-delivery.js';
import { StreamSequencer } from '../src/stream-sequencer.js';
import { ev } from './support/stream-events.js';

const seqs = (events: DomainEvent[]) => events.map((e) => `${e.stream}#${e.seq}`);

describe('DeliveredSeqs', () => {
  it('passes rising seqs, each stream on its own, and leaves out what is at or below the last delivered', () => {
    const d = new DeliveredSeqs();
    expect(seqs(d.fresh([ev('a', 1), ev('b', 4), ev('a', 2)]))).toEqual(['a#1', 'b#4', 'a#2']);
    // Sent again (a reader that took over), late (a frozen gateway's packet), or mixed with a new one.
    expect(d.fresh([ev('a', 2)])).toEqual([]);
    expect(d.fresh([ev('a', 1), ev('b', 3)])).toEqual([]);
    expect(seqs(d.fresh([ev('a', 2), ev('a', 3), ev('b', 4), ev('b', 6)]))).toEqual(['a#3', 'b#6']);
    expect(d.lastOf('a')).toBe(3);
    expect(d.lastOf('c')).toBeUndefined();
  });

  it('forgets the least recently delivered stream past its bound, which then takes its next event as it comes', () => {
    const d = new DeliveredSeqs(2);
    d.fresh([ev('a', 5), ev('b', 5)]);
    d.fresh([ev('a', 6)]);
    d.fresh([ev('c', 1)]);
    expect(d.lastOf('b')).toBeUndefined();
    expect(seqs(d.fresh([ev('b', 2)]))).toEqual(['b#2']);
    // Remembering b again put a, now the least recent, out.
    expect(d.lastOf('a')).toBeUndefined();
    expect(d.lastOf('c')).toBe(1);
  });
});

describe('a sequencer that takes the reading over', () => {
  it('starts a stream it has not seen where its sockets already are: a claimed event sent before is dropped, the next goes at once', () => {
    const delivered = new DeliveredSeqs();
    // The reader before it sent up to 27; this gateway's sockets got them through the adapter.
    delivered.fresh([ev('auction:9', 27)]);
    const out: string[] = [];
    const s = new StreamSequencer((e) => out.push(`${e.stream}#${e.seq}`), {
      holdMs: 100,
      knownLast: (stream) => delivered.lastOf(stream),
    });
    s.push(ev('auction:9', 18), 0);
    s.push(ev('auction:9', 28), 0);
    s.releaseOverdue(1_000);
    expect(out).toEqual(['auction:9#28']);
    expect(s.counts.duplicates).toBe(1);
    // A stream nobody delivered yet still waits for what may come before it.
    s.push(ev('auction:10', 3), 0);
    expect(out).toEqual(['auction:9#28']);
  });
});
