// The committing process and the relay race over the same outbox rows (as after a Redis outage, when the API's
// queued publishes and the relay's pass meet): each event reaches the stream exactly once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appendEvents, type CommittedEvent } from '../src/events/append-events.js';
import { RELAY_GRACE_MS, relayOnce } from '../src/events/outbox-relay.js';
import { publishCommitted } from '../src/events/publish.js';
import { streams, type DomainEvent } from '@app/shared';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.drop());

it('publishes every event once when the committing process and two relays send the same rows at once', async () => {
  const stream = streams.auction(424242);
  const batches: CommittedEvent[][] = [];
  for (let i = 0; i < 20; i += 1) {
    batches.push(
      await db.sql.begin((tx) =>
        appendEvents(tx, [
          {
            type: 'auction.extended',
            auctionId: 424242,
            endTime: new Date(Date.now() + i * 1000).toISOString(),
            at: new Date().toISOString(),
          },
        ]),
      ),
    );
  }
  // Old enough for the relay to take them too.
  await new Promise((r) => setTimeout(r, RELAY_GRACE_MS + 100));
  const sent: DomainEvent[] = [];
  // A slow stream write widens the window in which both could send.
  const write = async (events: DomainEvent[]) => {
    await new Promise((r) => setTimeout(r, 5));
    sent.push(...events);
  };
  await Promise.all([
    ...batches.map((b) => publishCommitted(db.sql, write, b)),
    relayOnce(db.sql, write),
    relayOnce(db.sql, write),
  ]);
  // Whatever a racing claim left (none should be left), one more pass.
  await relayOnce(db.sql, write);
  const seqs = sent.map((e) => e.seq).sort((a, b) => a - b);
  expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  const [left] = await db.sql<
    { n: number }[]
  >`select count(*)::int as n from outbox where stream = ${stream} and published_at is null`;
  expect(left!.n).toBe(0);
});

it('leaves a row for the relay when the stream write fails after the claim', async () => {
  const committed = await db.sql.begin((tx) =>
    appendEvents(tx, [
      { type: 'auction.extended', auctionId: 434343, endTime: new Date().toISOString(), at: new Date().toISOString() },
    ]),
  );
  await expect(publishCommitted(db.sql, () => Promise.reject(new Error('redis down')), committed)).rejects.toThrow(
    'redis down',
  );
  const [row] = await db.sql<
    { publishedAt: Date | null }[]
  >`select published_at from outbox where id = ${committed[0]!.outboxId}`;
  expect(row!.publishedAt).toBeNull();
});
