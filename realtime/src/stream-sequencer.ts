// Puts each stream's events back in sequence before they reach the rooms. Publishers claim outbox rows so an event is
// sent once, but two publishers (the API's, the workers', the outbox relay) may reach Redis in the other order than
// they committed, and a publish retried after a lost acknowledgement sends again. Here: a seq already passed is
// dropped; one that arrives early waits (at most holdMs) for the ones before it; if they do not come, the missing ones
// are read from the event log (the outbox keeps every committed event for days: an event is only published after its
// commit, and a stream's counter row makes each commit wait for the one before, so whatever precedes a published event
// is committed and readable). Only if that read fails too is the gap skipped, and the clients, seeing the jump,
// refetch. A stream first seen past its start counts as early too: what came before it may still be on its way.
import type { DomainEvent } from '@app/shared';

interface StreamState {
  last: number;
  held: Map<number, { event: DomainEvent; since: number }>;
  /** A read of this stream's gap from the log is in flight: the stream waits for it instead of skipping. */
  filling: boolean;
}

export interface SequencerCounts {
  duplicates: number;
  reordered: number;
  /** Events the stream did not bring in time and the log did. */
  gapsFilled: number;
  gapsSkipped: number;
}

/** Seqs of `stream` after `after` and before `before` that never arrived. */
export interface Gap {
  stream: string;
  after: number;
  before: number;
}

export interface SequencerOptions {
  /** How long an early event waits for the ones before it to arrive on their own. */
  holdMs?: number;
  /** Streams remembered; the least recently seen is forgotten (its next event is then taken as it comes). */
  maxStreams?: number;
  /**
   * Where a stream this sequencer has not seen already stands, when known elsewhere: a gateway that takes over the
   * reading knows the last seq its sockets got from the reader before it (in-order-delivery.ts).
   */
  knownLast?: (stream: string) => number | undefined;
  /**
   * Reads the gaps' events from the log, each stream's in seq order (any it cannot find are left out); without it a
   * gap is skipped at once.
   */
  fillGaps?: (gaps: Gap[]) => Promise<DomainEvent[]>;
  /** Where a failed read is said. */
  onFillError?: (err: unknown) => void;
}

/** A gap wider than this is not read back (a stream that jumped this far is refetched by its clients anyway). */
export const MAX_GAP_FILLED = 500;

export class StreamSequencer {
  private readonly streams = new Map<string, StreamState>();
  private readonly waiting = new Set<string>();
  private readonly holdMs: number;
  private readonly maxStreams: number;
  /** A read of gaps from the log is in flight. */
  private reading = false;
  readonly counts: SequencerCounts = { duplicates: 0, reordered: 0, gapsFilled: 0, gapsSkipped: 0 };

  constructor(
    private readonly deliver: (event: DomainEvent) => void,
    private readonly opts: SequencerOptions = {},
  ) {
    this.holdMs = opts.holdMs ?? 250;
    this.maxStreams = opts.maxStreams ?? 100_000;
  }

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
      const known = this.opts.knownLast?.(event.stream);
      st = { last: known ?? (event.seq === 1 ? 0 : Number.NEGATIVE_INFINITY), held: new Map(), filling: false };
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

  /**
   * Acts on gaps older than holdMs: reads them from the log when it can (the stream waits for the answer), else skips
   * them, delivering what waited behind them in order. `now` = Infinity (closing) skips every gap at once.
   */
  releaseOverdue(now = Date.now()): void {
    const toFill: Gap[] = [];
    const closing = now === Number.POSITIVE_INFINITY;
    for (const stream of [...this.waiting]) {
      const st = this.streams.get(stream);
      if (!st || (st.filling && !closing)) continue;
      const oldest = Math.min(...[...st.held.values()].map((h) => h.since));
      if (now - oldest < this.holdMs) continue;
      const before = Math.min(...st.held.keys());
      // A stream first seen past its start had no known gap: it starts where it is.
      if (st.last === Number.NEGATIVE_INFINITY) this.startAt(stream, st, before - 1);
      else if (this.opts.fillGaps && !closing && before - st.last - 1 <= MAX_GAP_FILLED) {
        // One read at a time: while one is out (a slow or unreachable Postgres), gaps that come due wait for the next.
        if (this.reading) continue;
        st.filling = true;
        toFill.push({ stream, after: st.last, before });
      } else {
        st.filling = false;
        this.skip(stream, st);
      }
    }
    if (toFill.length > 0) void this.fill(toFill);
  }

  private async fill(gaps: Gap[]): Promise<void> {
    let found: DomainEvent[] = [];
    this.reading = true;
    try {
      found = await this.opts.fillGaps!(gaps);
    } catch (err) {
      this.opts.onFillError?.(err);
    } finally {
      this.reading = false;
    }
    const byStream = new Map<string, DomainEvent[]>();
    for (const e of found) {
      const list = byStream.get(e.stream);
      if (list) list.push(e);
      else byStream.set(e.stream, [e]);
    }
    for (const gap of gaps) {
      const st = this.streams.get(gap.stream);
      // Forgotten meanwhile: what it held went out then.
      if (!st?.filling) continue;
      st.filling = false;
      // The log gives each stream's events in seq order (readEventRanges).
      for (const e of byStream.get(gap.stream) ?? []) {
        // Arrived on its own meanwhile, or not the next: left to push's own checks.
        if (e.seq !== st.last + 1) continue;
        this.counts.gapsFilled += 1;
        this.deliver(e);
        st.last = e.seq;
        this.drain(gap.stream, st, false);
      }
      // What the log did not have is skipped; a later gap of the stream waits its own hold time.
      if (st.held.size > 0 && Math.min(...st.held.keys()) <= gap.before) {
        this.skip(gap.stream, st);
      }
    }
  }

  private skip(stream: string, st: StreamState): void {
    this.counts.gapsSkipped += 1;
    this.startAt(stream, st, Math.min(...st.held.keys()) - 1);
  }

  private startAt(stream: string, st: StreamState, last: number): void {
    st.last = last;
    this.drain(stream, st, false);
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
