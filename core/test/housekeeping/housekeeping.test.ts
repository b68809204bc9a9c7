import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../infra/test-support/test-database.js';
import { runHousekeeping } from '../../src/housekeeping/housekeeping.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());

it('deletes idempotency keys older than 24 hours, expired sessions, failed sign-ins older than a year and sign-up attempts older than a week, and keeps the rest', async () => {
  const [u] = await db.sql<
    { id: number }[]
  >`insert into users (email, name, password_hash) values ('h@example.test', 'H', 'x') returning id`;
  await db.sql`insert into idempotency_keys (user_id, key, status_code, response, created_at) values
    (${u!.id}, 'old', 201, '{}', now() - interval '25 hours'), (${u!.id}, 'fresh', 201, '{}', now() - interval '1 hour')`;
  await db.sql`insert into sessions (id, kind, user_id, expires_at) values
    (${'a'.repeat(64)}, 'user', ${u!.id}, now() - interval '1 minute'), (${'b'.repeat(64)}, 'user', ${u!.id}, now() + interval '1 hour')`;
  await db.sql`insert into failed_sign_ins (scope, email, ip, at) values
    ('user', 'old@example.test', '203.0.113.1', now() - interval '367 days'),
    ('user', 'new@example.test', '203.0.113.1', now() - interval '364 days')`;
  await db.sql`insert into sign_up_attempts (email, name, password_hash, created_at) values
    ('stale@example.test', 'S', 'x', now() - interval '8 days'), ('recent@example.test', 'R', 'x', now() - interval '1 day')`;
  expect(await runHousekeeping(db.sql)).toEqual({
    idempotencyKeys: 1,
    sessions: 1,
    outbox: 0,
    failedSignIns: 1,
    signUpAttempts: 1,
  });
  expect((await db.sql<{ email: string }[]>`select email from failed_sign_ins`).map((r) => r.email)).toEqual([
    'new@example.test',
  ]);
  expect((await db.sql<{ email: string }[]>`select email from sign_up_attempts`).map((r) => r.email)).toEqual([
    'recent@example.test',
  ]);
  expect((await db.sql<{ key: string }[]>`select key from idempotency_keys`).map((r) => r.key)).toEqual(['fresh']);
  expect((await db.sql`select 1 from sessions`).length).toBe(1);
  expect(await runHousekeeping(db.sql)).toEqual({
    idempotencyKeys: 0,
    sessions: 0,
    outbox: 0,
    failedSignIns: 0,
    signUpAttempts: 0,
  });
});
