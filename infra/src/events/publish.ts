// After commit, events leave the outbox for the Redis events stream, and their rows are marked published. The API,
// the workers and the relay all send through publishCommitted; if Redis is down the rows stay unpublished and the
// relay sends them once it is back, so no committed event is lost, and a row is claimed before it is sent, so none is
// sent by two of them.
import type { Sql, TransactionSql } from 'postgres';
import type { CommittedEvent } from './append-events.js';
import type { StreamWriter } from './stream-writer.js';
import { pipelinedTransaction } from './pipelined-transaction.js';
import { SpanKind, currentTraceparent, inSpan, traceIdOf } from '../tracing/spans.js';

export interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Claims the events' outbox rows, writes the claimed ones to the stream in the order given, and commits the claim only
 * if the write succeeded. The committing process and the relay therefore never both publish one event: whoever claims
 * a row first sends it, the other finds it claimed (the relay skips rows locked by a claim in progress; a claim waits
 * for the relay's and then finds the row published). A failed write rolls the claim back for the relay to retry.
 */
export async function publishCommitted(
  sql: Sql | TransactionSql,
  write: StreamWriter,
  committed: readonly CommittedEvent[],
): Promise<void> {
  if (committed.length === 0) return;
  const claimAndWrite = async (tx: TransactionSql | Sql) => {
    const claimed = await inSpan(
      'outbox claim',
      { attributes: { 'db.system.name': 'postgresql', 'messaging.batch.message_count': committed.length } },
      () => tx<{ id: string }[]>`
        update outbox set published_at = now()
        where id = any(${committed.map((c) => c.outboxId)}::bigint[]) and published_at is null
        returning id`,
    );
    if (claimed.length === 0) return;
    const ids = new Set(claimed.map((r) => Number(r.id)));
    const sent = committed.filter((c) => ids.has(c.outboxId));
    // Each entry names the trace it goes on in: this publication's span for the events of its trace, the committing
    // work's own for the others of the batch.
    const here = currentTraceparent();
    const trace = traceIdOf(here);
    await write(
      sent.map((c) => c.event),
      sent.map((c) => (trace && traceIdOf(c.traceparent) === trace ? here : c.traceparent)),
    );
  };
  // The relay calls this inside its own transaction (which already holds the rows); everyone else gets one here, its
  // BEGIN sent with the claim: two round trips to Postgres per batch (BEGIN and claim, then COMMIT).
  if ('savepoint' in sql) await claimAndWrite(sql);
  else await pipelinedTransaction(sql as Sql, claimAndWrite);
}

/**
 * Publishes after commit without making the caller wait. One loop per process sends everything committed so far as one
 * batch, then the next: callers hand over events in commit order, so each stream reaches Redis in sequence order, and
 * under load a batch carries many commits for the price of one round trip to Redis and one to Postgres.
 */
export class EventPublisher {
  private queue: CommittedEvent[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly write: StreamWriter,
    private readonly log: WarnLogger,
  ) {}

  publish(committed: readonly CommittedEvent[]): void {
    if (committed.length === 0) return;
    this.queue.push(...committed);
    this.kick();
  }

  private kick(): void {
    if (this.running) return;
    this.running = this.sendAll().finally(() => {
      this.running = undefined;
      // Something may have been queued between the loop's last look and this line.
      if (this.queue.length > 0) this.kick();
    });
  }

  private async sendAll(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await inSpan(
          'outbox publish',
          {
            kind: SpanKind.PRODUCER,
            for: batch.map((c) => c.traceparent),
            attributes: { 'messaging.system': 'redis', 'messaging.batch.message_count': batch.length },
          },
          () => publishCommitted(this.sql, this.write, batch),
        );
      } catch (err) {
        this.log.warn(
          { err: err instanceof Error ? err.message : String(err), count: batch.length },
          'event publish failed; the relay will send them',
        );
      }
    }
  }

  /** Finish what is queued (used on shutdown and by tests). */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }
}
