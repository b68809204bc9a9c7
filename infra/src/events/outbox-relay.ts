// The safety net of the event flow: any outbox row still unpublished a moment after its commit (Redis was down, the
// process died between commit and publish) is published here, oldest first. SKIP LOCKED lets several workers processes
// share the work without publishing a row twice at the same time.
import type { Sql } from 'postgres';
import type { Logger } from 'pino';
import { publishCommitted } from './publish.js';
import type { StreamWriter } from './stream-writer.js';
import type { DomainEvent } from '@app/shared';
import { SpanKind, inSpan } from '../tracing/spans.js';

/** Left to the committing process first: it publishes right after its commit, and we should not race it. */
export const RELAY_GRACE_MS = 500;
const BATCH = 500;

/** Publishes one batch of unpublished rows and marks them, in one transaction; returns how many. */
export async function relayOnce(sql: Sql, write: StreamWriter): Promise<number> {
  return sql.begin(async (tx) => {
    const rows = await tx<{ id: string; payload: DomainEvent; traceparent: string | null }[]>`
      select id, payload, traceparent from outbox
      where published_at is null and created_at < now() - ${RELAY_GRACE_MS} * interval '1 millisecond'
      order by id
      limit ${BATCH}
      for update skip locked`;
    // If the write fails the transaction rolls back and the rows stay unpublished for the next pass.
    if (rows.length === 0) return 0;
    const committed = rows.map((r) => ({
      outboxId: Number(r.id),
      event: r.payload,
      ...(r.traceparent ? { traceparent: r.traceparent } : {}),
    }));
    // Published in the trace of the work that committed them (the first row's; the others are linked).
    await inSpan(
      'outbox relay',
      { kind: SpanKind.PRODUCER, for: committed.map((c) => c.traceparent), attributes: { count: rows.length } },
      () => publishCommitted(tx, write, committed),
    );
    return rows.length;
  });
}

export function startOutboxRelay(sql: Sql, write: StreamWriter, log: Logger, everyMs = 250): { stop(): Promise<void> } {
  let running = true;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (running) {
      let relayed = 0;
      try {
        relayed = await relayOnce(sql, write);
        if (relayed > 0) log.info({ count: relayed }, 'relayed unpublished events');
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'outbox relay pass failed');
      }
      // A full batch means a backlog: go again at once.
      if (relayed === BATCH) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, everyMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return {
    /** Finishes the pass in hand, then stops. */
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
