// The event log read back for the gateway's sequencer: the committed events of each range, published or not, and a
// bounded wait when Postgres does not answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEventRanges } from '../src/events/read-gaps.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  for (const [stream, seq, published] of [
    ['auction:1', 1, true],
    ['auction:1', 2, true],
    ['auction:1', 3, false],
    ['auction:1', 5, true],
    ['user:7', 1, true],
    ['user:7', 2, true],
  ] as const) {
    const payload = { type: 'test.event', stream, seq };
    await db.sql`insert into outbox (stream, seq, type, payload, published_at)
      values (${stream}, ${seq}, 'test.event', ${db.sql.json(payload)}, ${published ? new Date() : null})`;
  }
});
afterAll(async () => {
  await db.drop();
});

describe('readEventRanges', () => {
  it('gives the events strictly inside each range, stream by stream in seq order, leaving out what the log lacks', async () => {
    const events = await readEventRanges(
      db.sql,
      [
        { stream: 'user:7', after: 0, before: 3 },
        { stream: 'auction:1', after: 1, before: 6 },
        { stream: 'auction:9', after: 0, before: 4 },
      ],
      5_000,
    );
    // auction:1 seq 4 was pruned (or never written): left out; seq 3, committed and not yet published, is there.
    expect(events.map((e) => `${e.stream}#${e.seq}`)).toEqual([
      'auction:1#2',
      'auction:1#3',
      'auction:1#5',
      'user:7#1',
      'user:7#2',
    ]);
  });

  it('fails after its wait when Postgres does not answer, and cancels the query', async () => {
    // A lock that every reader of the outbox waits for stands for a Postgres that does not answer; it is held until
    // the checks are done.
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((r) => (locked = r));
    const held = db.sql.begin(async (tx) => {
      await tx`lock table outbox in access exclusive mode`;
      locked();
      await released;
    });
    await isLocked;
    await expect(readEventRanges(db.sql, [{ stream: 'auction:1', after: 0, before: 3 }], 300)).rejects.toThrow(
      /did not answer within 300 ms/,
    );
    // Cancelled, not left waiting behind the lock (which is still held).
    await expect
      .poll(
        async () =>
          (
            await db.sql<{ n: number }[]>`
              select count(*)::int as n from pg_stat_activity
              where datname = current_database() and state = 'active' and query like '%join outbox o on%'
                and query not like '%pg_stat_activity%'`
          )[0]!.n,
        { timeout: 5_000 },
      )
      .toBe(0);
    release();
    await held;
  });
});
