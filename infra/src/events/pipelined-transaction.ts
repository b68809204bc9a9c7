// A transaction whose BEGIN travels with its first statement. postgres.js's sql.begin waits for BEGIN's answer before
// it runs the callback, so every transaction pays a round trip that carries nothing; on the bid path (one transaction
// per group of bids) and the outbox claim (one per published batch) that is a third of their round trips. Here a
// connection is reserved, BEGIN is sent without waiting, and the callback's first statement follows it in the same
// write: Postgres runs them in order, and BEGIN's answer is read with the rest.
import type { Sql, TransactionSql } from 'postgres';

/** postgres.js's codes for a connection that closed or could not be made: such a connection is not handed back. */
const isConnectionLost = (err: unknown) =>
  typeof err === 'object' && err !== null && /^CONNECT/.test(String((err as { code?: unknown }).code ?? ''));

/** The COMMIT was answered with ROLLBACK: a statement of the transaction failed, and nothing of it was stored. */
export class TransactionRolledBack extends Error {
  readonly code = '25P02';
  constructor() {
    super('the transaction was rolled back: one of its statements failed');
  }
}

/**
 * Runs `work` in a transaction, like sql.begin: COMMIT when it settles, ROLLBACK when it throws (the error is rethrown).
 * The handle given to `work` is a reserved connection inside that transaction; it has no savepoints.
 */
export async function pipelinedTransaction<T>(sql: Sql, work: (tx: TransactionSql) => Promise<T>): Promise<T> {
  const conn = await sql.reserve();
  // A connection that closed under us is already back in the driver's hands (to be reconnected): releasing it would
  // put a dead connection among the open ones.
  let lost = false;
  const note = (err: unknown) => {
    if (isConnectionLost(err)) lost = true;
    throw err;
  };
  try {
    // execute() sends it now; its answer is checked after the work, so a BEGIN that failed fails the transaction.
    const begun = conn`begin`.execute().catch(note);
    begun.catch(() => undefined);
    let result: T;
    try {
      // The reserved connection speaks the same tagged-template language a transaction's handle does.
      result = await work(conn as unknown as TransactionSql);
      await begun;
    } catch (err) {
      if (isConnectionLost(err)) lost = true;
      if (!lost) await conn`rollback`.catch(note).catch(() => undefined);
      throw err;
    }
    // A statement that failed without the work noticing (it caught the error, or never awaited the statement) has
    // aborted the transaction: Postgres answers the COMMIT with ROLLBACK, not an error. sql.begin throws then; so does this.
    const committed = await conn`commit`.catch(note);
    if (committed.command !== 'COMMIT') throw new TransactionRolledBack();
    return result;
  } finally {
    if (!lost) conn.release();
  }
}
