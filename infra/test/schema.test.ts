import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { migrate } from '../src/migrate.js';
import { seed } from '../src/seed/seed.js';
import { vinCheckDigit } from '@app/shared';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('migrations', () => {
  const name = `auction_mig_${randomBytes(4).toString('hex')}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  beforeAll(async () => {
    await admin.unsafe(`create database ${name}`);
  });
  afterAll(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('applies each migration exactly once when three processes start at the same time', async () => {
    const results = await Promise.all([migrate(url.toString()), migrate(url.toString()), migrate(url.toString())]);
    const applied = results.flatMap((r) => r.applied);
    const sql = postgres(url.toString(), { max: 1 });
    const rows = await sql<{ name: string }[]>`select name from schema_migrations order by name`;
    await sql.end();
    expect(applied.sort()).toEqual(rows.map((r) => r.name));
    expect(new Set(applied).size).toBe(applied.length);
    expect((await migrate(url.toString())).applied).toEqual([]);
  });

  it('applies the bids-by-amount migration over an index an operator built beforehand, online', async () => {
    // As an operator with a large bids table would (docs/operations.md): the index built concurrently first, then
    // the migration that names it.
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      await sql`delete from schema_migrations where name = '0140_bids_by_amount.sql'`;
      await sql`drop index bids_auction_amount`;
      await sql`create index concurrently bids_auction_amount on bids (auction_id, amount desc, id desc)`;
      expect((await migrate(url.toString())).applied).toEqual(['0140_bids_by_amount.sql']);
      const indexes = await sql<{ indexdef: string }[]>`
        select indexdef from pg_indexes where tablename = 'bids' and indexname = 'bids_auction_amount'`;
      expect(indexes.map((i) => i.indexdef)).toEqual([
        'CREATE INDEX bids_auction_amount ON public.bids USING btree (auction_id, amount DESC, id DESC)',
      ]);
    } finally {
      await sql.end();
    }
  });
});

describe('the schema', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.drop());

  const SPEC_TABLES = [
    'users',
    'admin_users',
    'cars',
    'auctions',
    'bids',
    'comments',
    'bid_alerts',
    'chat_messages',
    'forum_posts',
    'forum_replies',
    'user_follows',
    'auction_analytics',
    'trade_in_evaluations',
    'trade_in_offers',
    'escrow_transactions',
    'transaction_documents',
    'transaction_milestones',
    'dispute_resolutions',
    'payment_schedules',
    'transaction_insurance',
  ];

  it('has all 20 tables of the spec, plus sessions, outbox and idempotency keys', async () => {
    const rows = await db.sql<{ tableName: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public'`;
    const names = rows.map((r) => r.tableName);
    for (const t of [...SPEC_TABLES, 'sessions', 'outbox', 'idempotency_keys']) expect(names).toContain(t);
  });

  it('keeps money in numeric(10,2) (per diem in 5,2)', async () => {
    const rows = await db.sql<
      { tableName: string; columnName: string; numericPrecision: number; numericScale: number }[]
    >`
      select table_name, column_name, numeric_precision, numeric_scale from information_schema.columns
      where table_schema = 'public' and data_type = 'numeric'`;
    for (const r of rows) {
      if (r.columnName === 'payoff_per_diem') expect([r.numericPrecision, r.numericScale]).toEqual([5, 2]);
      else
        expect([r.tableName, r.columnName, r.numericPrecision, r.numericScale]).toEqual([
          r.tableName,
          r.columnName,
          10,
          2,
        ]);
    }
    expect(rows.length).toBeGreaterThan(15);
  });

  const fails = async (query: Promise<unknown>) => {
    await expect(query).rejects.toMatchObject({ code: expect.stringMatching(/^23/) });
  };

  it('refuses a negative bid, a duplicate VIN, an unknown auction type and an end before the start', async () => {
    const [u] = await db.sql<
      { id: number }[]
    >`insert into users (email, name, password_hash) values ('a@example.test', 'A', 'x') returning id`;
    const [car] = await db.sql<{ id: number }[]>`
      insert into cars (vin, year, make, model, mileage, condition) values ('1HGCM82633A004352', 2020, 'Honda', 'Accord', 10, 'Good') returning id`;
    const [a] = await db.sql<{ id: number }[]>`
      insert into auctions (car_id, starting_bid, start_time, end_time) values (${car!.id}, 1000, now(), now() + interval '1 day') returning id`;
    await fails(db.sql`insert into bids (auction_id, user_id, amount) values (${a!.id}, ${u!.id}, -5)`);
    await fails(
      db.sql`insert into cars (vin, year, make, model, mileage, condition) values ('1HGCM82633A004352', 2021, 'Honda', 'Civic', 1, 'Good')`,
    );
    await fails(
      db.sql`insert into auctions (car_id, starting_bid, start_time, end_time, auction_type) values (${car!.id}, 1000, now(), now() + interval '1 day', 'silent')`,
    );
    await fails(
      db.sql`insert into auctions (car_id, starting_bid, start_time, end_time) values (${car!.id}, 1000, now(), now() - interval '1 day')`,
    );
    await fails(
      db.sql`insert into auctions (car_id, starting_bid, start_time, end_time) values (${car!.id}, -1, now(), now() + interval '1 day')`,
    );
    await fails(db.sql`insert into users (email, name, password_hash) values ('A@EXAMPLE.TEST', 'Upper', 'x')`);
    await fails(
      db.sql`insert into bid_alerts (user_id, auction_id, alert_type) values (${u!.id}, ${a!.id}, 'sometimes')`,
    );
  });
});

describe('demo data', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.drop());

  const counts = async () =>
    (
      await db.sql`
      select (select count(*)::int from users) as users, (select count(*)::int from auctions) as auctions,
             (select count(*)::int from bids) as bids, (select count(*)::int from comments) as comments,
             (select count(*)::int from chat_messages) as chat, (select count(*)::int from forum_posts) as posts`
    )[0];

  it('seeds 24+ live auctions over all four types, with valid VINs and consistent bid histories, and a second run adds nothing', async () => {
    await seed(db.sql);
    const first = await counts();
    await seed(db.sql);
    expect(await counts()).toEqual(first);

    const live = await db.sql<{ auctionType: string; isPremiumOnly: boolean; mins: number }[]>`
      select auction_type, is_premium_only, extract(epoch from end_time - now()) / 60 as mins from auctions where status = 'active'`;
    expect(live.length).toBeGreaterThanOrEqual(24);
    expect(new Set(live.map((a) => a.auctionType))).toEqual(
      new Set(['reserve', 'no-reserve', 'buy-it-now', 'private']),
    );
    expect(live.some((a) => a.isPremiumOnly)).toBe(true);
    expect(live.some((a) => a.mins < 15)).toBe(true);
    expect(live.some((a) => a.mins > 3 * 24 * 60)).toBe(true);

    const mismatched = await db.sql`
      select a.id from auctions a left join lateral (select max(amount) as top, count(*)::int as n from bids b where b.auction_id = a.id) b on true
      where a.status = 'active' and (a.bid_count <> b.n or (b.n > 0 and a.current_bid <> b.top))`;
    expect(mismatched).toHaveLength(0);

    const vins = await db.sql<{ vin: string }[]>`select vin from cars`;
    for (const { vin } of vins.filter((v) => !v.vin.startsWith('TST'))) expect(vin[8]).toBe(vinCheckDigit(vin));
  });

  it('gives every seeded car a body category, each of the four in use, and a re-seed keeps them', async () => {
    await seed(db.sql);
    await db.sql`update cars set category = 'sports' where model = 'Urus'`;
    await seed(db.sql);
    const rows = await db.sql<{ category: string; n: number }[]>`
      select c.category, count(*)::int as n from auctions a join cars c on c.id = a.car_id where a.status = 'active' group by c.category`;
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['luxury', 'sports', 'classic', 'suv']));
    const [urus] = await db.sql<{ category: string }[]>`select category from cars where model = 'Urus'`;
    expect(urus!.category).toBe('suv');
  });

  it('relists a sample car whose auction ended, relative to now', async () => {
    await seed(db.sql);
    const [one] = await db.sql<
      { id: number; carId: number }[]
    >`select id, car_id from auctions where status = 'active' and is_sample limit 1`;
    await db.sql`update auctions set status = 'no-bids', is_active = false, closed_at = now() where id = ${one!.id}`;
    await seed(db.sql);
    const [relisted] = await db.sql<
      { id: number }[]
    >`select id from auctions where car_id = ${one!.carId} and status = 'active'`;
    expect(relisted!.id).not.toBe(one!.id);
  });
});
