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
 * Appends drafts, each to the stream it names, one stream at a time in name order: two transactions that both write
 * users 5 and 9 then lock their counters in the same order and never deadlock. Within a stream the drafts keep their
 * order, and the events come back stream by stream in that order. `traceparent`, the trace of the work that caused
 * them, is kept on each row, so whoever publishes it publishes it in that trace.
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
  const committed: CommittedEvent[] = [];
  for (const stream of [...byStream.keys()].sort())
    committed.push(...(await appendToStream(tx, stream, byStream.get(stream)!, traceparent)));
  return committed;
}

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
