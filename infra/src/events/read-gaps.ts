// The event log read back: the events of a stream that a reader of the events stream did not get in time. Every
// committed event stays in the outbox for days after it is published (housekeeping prunes it after that), under the
// unique (stream, seq) index this read follows.
import type { Sql } from 'postgres';
import type { DomainEvent } from '@app/shared';

export interface SeqRange {
  stream: string;
  /** Exclusive bounds. */
  after: number;
  before: number;
}

/**
 * Rows one read gives at most: after a mass loss (a Redis master lost with what it had not replicated) the gaps of
 * thousands of streams come due together; those past the limit are left out, and their clients refetch.
 */
export const MAX_EVENTS_READ_BACK = 10_000;

/**
 * The committed events inside the ranges, in stream and seq order; seqs the log no longer holds, and any past
 * MAX_EVENTS_READ_BACK, are left out. Fails (and cancels the query) after `waitMs`: whoever waits for it holds events
 * back meanwhile.
 */
export async function readEventRanges(sql: Sql, ranges: readonly SeqRange[], waitMs: number): Promise<DomainEvent[]> {
  if (ranges.length === 0) return [];
  const query = sql<{ payload: DomainEvent }[]>`
    select o.payload
    from unnest(${ranges.map((r) => r.stream)}::text[], ${ranges.map((r) => r.after)}::bigint[],
                ${ranges.map((r) => r.before)}::bigint[]) as g(stream, after, before)
    join outbox o on o.stream = g.stream and o.seq > g.after and o.seq < g.before
    order by o.stream, o.seq
    limit ${MAX_EVENTS_READ_BACK}`;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void query.cancel();
      reject(new Error(`the event log did not answer within ${waitMs} ms`));
    }, waitMs);
  });
  try {
    const rows = await Promise.race([query, late]);
    return rows.map((r) => r.payload);
  } finally {
    clearTimeout(timer);
  }
}
