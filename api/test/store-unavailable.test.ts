// During a failover a connection can reach a server that still refuses writes (a standby being promoted): Postgres
// answers 25006, and the API must answer 503 with Retry-After (try again in a moment), not a 500.
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../infra/test-support/test-database.js';
import { isStoreUnavailable } from '../src/unavailable.js';

const db = await createTestDatabase();
afterAll(() => db.drop());

it('takes a write refused as read-only for a store out of reach, not for a bug', async () => {
  const err = await db.sql
    .begin('read only', (tx) => tx`insert into outbox (stream, seq, type, payload) values ('x', 1, 'x', '{}')`)
    .catch((e: unknown) => e);
  expect((err as { code?: string }).code).toBe('25006');
  expect(isStoreUnavailable(err)).toBe(true);
  // A real bug stays a bug.
  const bug = await db.sql`select * from no_such_table`.catch((e: unknown) => e);
  expect(isStoreUnavailable(bug)).toBe(false);
});
