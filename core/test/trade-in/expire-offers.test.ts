import { afterAll, beforeAll, expect, it } from 'vitest';
import { expireTradeInOffers } from '../../src/trade-in/expire-offers.js';
import { createTestDatabase, type TestDatabase } from '../../../infra/test-support/test-database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());

async function offer(validUntil: string): Promise<{ evaluationId: number; offerId: number }> {
  const [u] = await db.sql<{ id: number }[]>`
    insert into users (email, name, password_hash) values (${`t-${Math.random()}@example.test`}, 'T', 'x') returning id`;
  const [e] = await db.sql<{ id: number }[]>`
    insert into trade_in_evaluations (user_id, vin, mileage, condition, title_photos, status)
    values (${u!.id}, '1HGCM82633A004352', 1000, 'good', '{}', 'offered') returning id`;
  const [o] = await db.sql<{ id: number }[]>`
    insert into trade_in_offers (evaluation_id, offer_amount, valid_until) values (${e!.id}, '10000.00', ${validUntil}::timestamptz) returning id`;
  return { evaluationId: e!.id, offerId: o!.id };
}

it('expires an offer past its deadline exactly once with two workers sweeping at the same moment, and leaves live offers', async () => {
  const due = await Promise.all([1, 2, 3].map(() => offer(new Date(Date.now() - 1000).toISOString())));
  const live = await offer(new Date(Date.now() + 3_600_000).toISOString());
  const [a, b] = await Promise.all([expireTradeInOffers(db.sql), expireTradeInOffers(db.sql)]);
  expect(a.expired + b.expired).toBe(3);
  expect(await expireTradeInOffers(db.sql)).toEqual({ expired: 0 });
  const states = await db.sql<{ id: number; status: string; evaluationStatus: string }[]>`
    select o.id, o.status, e.status as evaluation_status from trade_in_offers o join trade_in_evaluations e on e.id = o.evaluation_id order by o.id`;
  expect(states.map((s) => [s.id, s.status, s.evaluationStatus])).toEqual([
    ...due
      .map((d) => d.offerId)
      .sort((x, y) => x - y)
      .map((id) => [id, 'expired', 'expired']),
    [live.offerId, 'active', 'offered'],
  ]);
});

it('does not expire an offer the owner accepted in time, even once its deadline has passed', async () => {
  const o = await offer(new Date(Date.now() - 1000).toISOString());
  await db.sql`update trade_in_offers set status = 'accepted', accepted_at = now() where id = ${o.offerId}`;
  expect(await expireTradeInOffers(db.sql)).toEqual({ expired: 0 });
  expect(
    (await db.sql<{ status: string }[]>`select status from trade_in_offers where id = ${o.offerId}`)[0]!.status,
  ).toBe('accepted');
});
