// The only outbox writer. Events are appended in the transaction that caused them; the stream's counter row gives each
// its sequence number, so two writers of one stream are ordered by that row's lock and nothing else is locked.
import type { TransactionSql } from 'postgres';
import { streamOf, type DomainEvent, type EventDraft } from '@app/shared';

export interface CommittedEvent {
  outboxId: number;
  event: DomainEvent;
  /** The trace of the work that appended it (the span active at append), when tracing is on. */
  traceparent?: string;
}

/**
 * Appends drafts, each to the stream it names, in one statement whatever the number of streams. The streams' counter
 * rows are taken in name order (byte order, as JavaScript sorts): two transactions that both write users 5 and 9 lock
 * their counters in the same order and never deadlock. Within a stream the drafts keep their order, and the events come
 * back stream by stream in that order. `traceparent`, the trace of the work that caused them, is kept on each row, so
 * whoever publishes it publishes it in that trace.
 */
export async function appendEvents(
  tx: TransactionSql,
  drafts: readonly EventDraft[],
  traceparent?: string,
): Promise<CommittedEvent[]> {
  if (drafts.length === 0) return [];
  const byStream = new Map<string, EventDraft[]>();
  for (const d of drafts) {
    const stream = streamOf(d);
    const same = byStream.get(stream);
    if (same) same.push(d);
    else byStream.set(stream, [d]);
  }
  if (byStream.size === 1) {
    const [stream, only] = byStream.entries().next().value!;
    return appendToStream(tx, stream, only, traceparent);
  }
  const streams = [...byStream.keys()].sort();
  const ordered = streams.flatMap((stream) => byStream.get(stream)!.map((d, i) => ({ stream, ord: i + 1, d })));
  // Several streams (a batch of notices for twenty members, a close with its chat line) in one statement: one per
  // stream cost a round trip and a statement each.
  const rows = await tx<{ id: string; stream: string; seq: string }[]>`
    with want as (
      select w.stream, w.n from unnest(${streams}::text[], ${streams.map((s) => byStream.get(s)!.length)}::int[]) as w(stream, n)
    ), counter as (
      insert into event_streams as s (stream, seq)
      select want.stream, want.n from want order by want.stream collate "C"
      on conflict (stream) do update set seq = s.seq + excluded.seq
      returning s.stream, s.seq
    )
    insert into outbox (stream, seq, type, payload, traceparent)
    select e.stream, counter.seq - want.n + e.ord, e.type,
           e.payload || jsonb_build_object('stream', e.stream, 'seq', counter.seq - want.n + e.ord),
           ${traceparent ?? null}::text
    from unnest(${ordered.map((o) => o.stream)}::text[], ${ordered.map((o) => o.ord)}::int[],
                ${ordered.map((o) => o.d.type)}::text[], ${ordered.map((o) => JSON.stringify(o.d))}::text[]::jsonb[])
           as e(stream, ord, type, payload)
    join counter on counter.stream = e.stream
    join want on want.stream = e.stream
    returning id, stream, seq`;
  const idOf = new Map(rows.map((r) => [`${r.stream} ${r.seq}`, Number(r.id)]));
  // Each stream's numbers follow on from its counter: the first of this batch is the smallest returned for it.
  const first = new Map<string, number>();
  for (const r of rows) first.set(r.stream, Math.min(first.get(r.stream) ?? Infinity, Number(r.seq)));
  return ordered.map(({ stream, ord, d }) => {
    const seq = first.get(stream)! + ord - 1;
    return {
      outboxId: idOf.get(`${stream} ${seq}`)!,
      event: { ...d, stream, seq } as DomainEvent,
      ...(traceparent ? { traceparent } : {}),
    };
  });
}

/** One stream (a bid group, a chat line): the counter and the rows in the simplest statement. */
async function appendToStream(
  tx: TransactionSql,
  stream: string,
  drafts: readonly EventDraft[],
  traceparent: string | undefined,
): Promise<CommittedEvent[]> {
  const n = drafts.length;
  const rows = await tx<{ id: string; seq: string }[]>`
    with counter as (
      insert into event_streams as s (stream, seq) values (${stream}, ${n})
      on conflict (stream) do update set seq = s.seq + excluded.seq
      returning seq
    )
    insert into outbox (stream, seq, type, payload, traceparent)
    select ${stream}, counter.seq - ${n} + e.ord, e.type,
           e.payload || jsonb_build_object('stream', ${stream}::text, 'seq', counter.seq - ${n} + e.ord),
           ${traceparent ?? null}::text
    from counter, unnest(${drafts.map((d) => d.type)}::text[], ${drafts.map((d) => JSON.stringify(d))}::text[]::jsonb[])
      with ordinality as e(type, payload, ord)
    returning id, seq`;
  const bySeq = rows.map((r) => ({ id: Number(r.id), seq: Number(r.seq) })).sort((a, b) => a.seq - b.seq);
  return drafts.map((d, i) => ({
    outboxId: bySeq[i]!.id,
    event: { ...d, stream, seq: bySeq[i]!.seq } as DomainEvent,
    ...(traceparent ? { traceparent } : {}),
  }));
}
