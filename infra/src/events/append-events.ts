// The only outbox writer. Events are appended in the transaction that caused them; the stream's counter row gives each
// its sequence number, so two writers of one stream are ordered by that row's lock and nothing else is locked.
import type { TransactionSql } from 'postgres';
import { streamOf, type DomainEvent, type EventDraft } from '@app/shared';

export interface CommittedEvent {
  outboxId: number;
  event: DomainEvent;
}

export async function appendEvents(
  tx: TransactionSql,
  stream: string,
  drafts: readonly EventDraft[],
): Promise<CommittedEvent[]> {
  if (drafts.length === 0) return [];
  for (const d of drafts) {
    // A programming error, not bad input: an event must land where its readers look for it.
    if (streamOf(d) !== stream) throw new Error(`${d.type} belongs to stream ${streamOf(d)}, not ${stream}`);
  }
  const n = drafts.length;
  const rows = await tx<{ id: string; seq: string }[]>`
    with counter as (
      insert into event_streams as s (stream, seq) values (${stream}, ${n})
      on conflict (stream) do update set seq = s.seq + excluded.seq
      returning seq
    )
    insert into outbox (stream, seq, type, payload)
    select ${stream}, counter.seq - ${n} + e.ord, e.type,
           e.payload || jsonb_build_object('stream', ${stream}::text, 'seq', counter.seq - ${n} + e.ord)
    from counter, unnest(${drafts.map((d) => d.type)}::text[], ${drafts.map((d) => JSON.stringify(d))}::text[]::jsonb[])
      with ordinality as e(type, payload, ord)
    returning id, seq`;
  const bySeq = rows.map((r) => ({ id: Number(r.id), seq: Number(r.seq) })).sort((a, b) => a.seq - b.seq);
  return drafts.map((d, i) => ({ outboxId: bySeq[i]!.id, event: { ...d, stream, seq: bySeq[i]!.seq } as DomainEvent }));
}

/**
 * Appends drafts that may belong to several streams (a buyer's and a seller's notice), one stream at a time in name
 * order: two transactions that both write users 5 and 9 then lock their counters in the same order and never deadlock.
 */
export async function appendEventsByStream(
  tx: TransactionSql,
  drafts: readonly EventDraft[],
): Promise<CommittedEvent[]> {
  const byStream = new Map<string, EventDraft[]>();
  for (const d of drafts) {
    const stream = streamOf(d);
    byStream.set(stream, [...(byStream.get(stream) ?? []), d]);
  }
  const committed: CommittedEvent[] = [];
  for (const stream of [...byStream.keys()].sort())
    committed.push(...(await appendEvents(tx, stream, byStream.get(stream)!)));
  return committed;
}
