// Puts each stream's events back in sequence before they reach the rooms. Publishers claim outbox rows so an event is
// sent once, but two API processes commit one stream's events in order and may still reach Redis in the other order,
// and a publish retried after a lost acknowledgement sends again. Here: a seq already passed is dropped; one that
// arrives early waits (at most holdMs) for the ones before it; if they never come the gap is skipped and the clients,
// seeing the jump, refetch. A stream first seen past its start counts as early too: what came before it may still be
// on its way.
import type { DomainEvent } from '@app/shared';

interface StreamState {
  last: number;
  held: Map<number, { event: DomainEvent; since: number }>;
}

export interface SequencerCounts {
  duplicates: number;
  reordered: number;
  gapsSkipped: number;
}

export class StreamSequencer {
  private readonly streams = new Map<string, StreamState>();
  private readonly waiting = new Set<string>();
  readonly counts: SequencerCounts = { duplicates: 0, reordered: 0, gapsSkipped: 0 };

  constructor(
    private readonly deliver: (event: DomainEvent) => void,
    private readonly holdMs = 250,
    /** Streams remembered; the least recently seen is forgotten (its next event is then taken as it comes). */
    private readonly maxStreams = 100_000,
    /**
     * Where a stream this sequencer has not seen already stands, when known elsewhere: a gateway that takes over the
     * reading knows the last seq its sockets got from the reader before it (in-order-delivery.ts).
     */
    private readonly knownLast: (stream: string) => number | undefined = () => undefined,
  ) {}

  push(event: DomainEvent, now = Date.now()): void {
    let st = this.streams.get(event.stream);
    if (st) {
      // Most recently seen last, so the first key is the one to forget.
      this.streams.delete(event.stream);
      this.streams.set(event.stream, st);
    } else {
      // A stream's first event (seq 1) goes out at once. One first seen further on (this gateway started, or forgot
      // the stream, while it was running) may have its predecessors still on their way, sent by another API process:
      // it waits like any early event, so "2 before 1" is put in order instead of 1 being dropped as already passed.
      st = { last: this.knownLast(event.stream) ?? (event.seq === 1 ? 0 : Number.NEGATIVE_INFINITY), held: new Map() };
      this.streams.set(event.stream, st);
      if (this.streams.size > this.maxStreams) this.forget(this.streams.keys().next().value!);
    }
    if (st.last === Number.NEGATIVE_INFINITY && event.seq === 1) st.last = 0;
    if (event.seq <= st.last || st.held.has(event.seq)) {
      this.counts.duplicates += 1;
      return;
    }
    if (event.seq > st.last + 1) {
      st.held.set(event.seq, { event, since: now });
      this.waiting.add(event.stream);
      return;
    }
    this.deliver(event);
    st.last = event.seq;
    this.drain(event.stream, st, true);
  }

  /** Gives up on gaps older than holdMs: delivers what waited behind them, in order. */
  releaseOverdue(now = Date.now()): void {
    for (const stream of [...this.waiting]) {
      const st = this.streams.get(stream);
      if (!st) continue;
      const oldest = Math.min(...[...st.held.values()].map((h) => h.since));
      if (now - oldest < this.holdMs) continue;
      // A stream first seen past its start had no known gap: it starts where it is.
      if (st.last !== Number.NEGATIVE_INFINITY) this.counts.gapsSkipped += 1;
      st.last = Math.min(...st.held.keys()) - 1;
      this.drain(stream, st, false);
    }
  }

  private drain(stream: string, st: StreamState, filledGap: boolean): void {
    for (let next = st.held.get(st.last + 1); next; next = st.held.get(st.last + 1)) {
      st.held.delete(st.last + 1);
      st.last += 1;
      if (filledGap) this.counts.reordered += 1;
      this.deliver(next.event);
    }
    if (st.held.size === 0) this.waiting.delete(stream);
  }

  private forget(stream: string): void {
    const st = this.streams.get(stream);
    this.streams.delete(stream);
    this.waiting.delete(stream);
    // Nothing held is dropped: it goes out in order, as a skipped gap would.
    if (st) for (const seq of [...st.held.keys()].sort((a, b) => a - b)) this.deliver(st.held.get(seq)!.event);
  }
}
