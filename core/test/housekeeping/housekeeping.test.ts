import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../infra/test-support/test-database.js';
import { runHousekeeping } from '../../src/housekeeping/housekeeping.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());

it('deletes idempotency keys older than 24 hours and expired sessions, and keeps the rest', async () => {
  const [u] = await db.sql<
    { id: number }[]
  >`insert into users (email, name, password_hash) values ('h@example.test', 'H', 'x') returning id`;
  await db.sql`insert into idempotency_keys (user_id, key, status_code, response, created_at) values
    (${u!.id}, 'old', 201, '{}', now() - interval '25 hours'), (${u!.id}, 'fresh', 201, '{}', now() - interval '1 hour')`;
  await db.sql`insert into sessions (id, kind, user_id, expires_at) values
    (${'a'.repeat(64)}, 'user', ${u!.id}, now() - interval '1 minute'), (${'b'.repeat(64)}, 'user', ${u!.id}, now() + interval '1 hour')`;
  expect(await runHousekeeping(db.sql)).toEqual({ idempotencyKeys: 1, sessions: 1, outbox: 0 });
  expect((await db.sql<{ key: string }[]>`select key from idempotency_keys`).map((r) => r.key)).toEqual(['fresh']);
  expect((await db.sql`select 1 from sessions`).length).toBe(1);
  expect(await runHousekeeping(db.sql)).toEqual({ idempotencyKeys: 0, sessions: 0, outbox: 0 });
});
