// One transaction and the events it caused. Every use case that writes events runs through commitWithEvents: its
// drafts go to the outbox in the transaction (appendEvents), and once the transaction has committed they are handed
// to the publisher in the order they were appended (the order the relay would send them in too). A transaction that
// fails publishes nothing.
import type { Sql, TransactionSql } from 'postgres';
import type { EventDraft } from '@app/shared';
import { appendEvents, type CommittedEvent } from './append-events.js';
import type { EventPublisher } from './publish.js';
import { currentTraceparent } from '../tracing/spans.js';
import { pipelinedTransaction } from './pipelined-transaction.js';

/** What a command that writes events needs: the database and the publisher. */
export interface EventDeps {
  sql: Sql;
  events: EventPublisher;
}

export interface Outbox {
  /** Appends drafts (each names its stream) in this transaction; they are published after it commits. */
  append(drafts: readonly EventDraft[]): Promise<CommittedEvent[]>;
  /**
   * A write sent without waiting for its answer, so that it reaches Postgres together with the COMMIT (the bid engine
   * holds its row lock for one round trip that way). It is awaited after the commit, before anything is published: a
   * statement that failed has turned the COMMIT into a rollback (Postgres answers that without an error), and its error
   * is the transaction's.
   */
  inFlight<T>(write: Promise<T>): Promise<T>;
}

export async function commitWithEvents<T>(
  deps: EventDeps,
  work: (tx: TransactionSql, outbox: Outbox) => Promise<T>,
): Promise<T> {
  // Every statement sent through the outbox, in the order sent: the first to fail is the one whose error is reported.
  const sent: Promise<unknown>[] = [];
  const appended: Promise<CommittedEvent[]>[] = [];
  // Taken here, in the caller's context: the events belong to the trace of the work that commits them.
  const traceparent = currentTraceparent();
  // BEGIN goes out with the work's first statement (pipelined-transaction.ts).
  const transaction = pipelinedTransaction(deps.sql, (tx) => {
    const inFlight = <W>(write: Promise<W>): Promise<W> => {
      // A postgres.js query is sent once something waits on it: now, so statements go out in the order they were made.
      write.catch(() => undefined);
      // Kept as a native promise: a query object settles its waiters a turn later than a native promise would, and the
      // first statement to fail must be the first to reject below.
      const settled = Promise.resolve(write);
      // Awaited below; until then a failure must not count as unhandled.
      settled.catch(() => undefined);
      sent.push(settled);
      return settled;
    };
    return work(tx, {
      append(drafts) {
        const p = inFlight(appendEvents(tx, drafts, traceparent));
        appended.push(p);
        return p;
      },
      inFlight,
    });
  });
  let result: T;
  try {
    result = await transaction;
  } catch (err) {
    // A statement sent in flight that failed is the cause of a rollback: its error is the one reported.
    await Promise.all(sent);
    throw err;
  }
  await Promise.all(sent);
  const committed = appended.length === 1 ? await appended[0]! : (await Promise.all(appended)).flat();
  deps.events.publish(committed);
  return result;
}
