// A database and a Redis key prefix of this test file's own, made before its tests and dropped after them, as the
// environment variables a started product reads.
import { afterAll, beforeAll } from 'vitest';
import { dropRedisPrefix } from '@app/infra';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../../infra/test-support/test-database.js';
import { REDIS_URL } from '../../api/test/support/test-app.js';

export function storesForThisFile(): () => { DATABASE_URL: string; REDIS_URL: string; REDIS_PREFIX: string } {
  let db: TestDatabase | undefined;
  let prefix = '';
  beforeAll(async () => {
    db = await createTestDatabase();
    prefix = testRedisPrefix();
  });
  afterAll(async () => {
    if (prefix) await dropRedisPrefix(REDIS_URL, prefix);
    await db?.drop();
  });
  return () => ({ DATABASE_URL: db!.url, REDIS_URL, REDIS_PREFIX: prefix });
}
