import { describe, expect, it } from 'vitest';
import { StoresEnvSchema, databaseUrlParts, parseEnv, redactDatabaseUrl, withDatabase } from '../src/index.js';

const HA = 'postgres://app:s3cret@10.0.0.1:5432,10.0.0.2:5433/auction?target_session_attrs=primary';

describe('database URLs with several servers', () => {
  it('splits the servers and the database of one or several hosts', () => {
    expect(databaseUrlParts(HA)).toEqual({ hosts: ['10.0.0.1:5432', '10.0.0.2:5433'], database: 'auction' });
    expect(databaseUrlParts('postgresql://postgres@127.0.0.1/x')).toEqual({ hosts: ['127.0.0.1'], database: 'x' });
  });

  it('refuses what a client could not connect to', () => {
    for (const bad of ['mysql://h/db', 'postgres:///db', 'postgres://h:99999/db', 'postgres://h1,h 2/db', 'nope'])
      expect(databaseUrlParts(bad), bad).toBeNull();
  });

  it('names another database on the same servers, keeping credentials and parameters', () => {
    expect(withDatabase(HA, 'postgres')).toBe(
      'postgres://app:s3cret@10.0.0.1:5432,10.0.0.2:5433/postgres?target_session_attrs=primary',
    );
  });

  it('hides the password in messages', () => {
    expect(redactDatabaseUrl(HA)).toBe(
      'postgres://app:***@10.0.0.1:5432,10.0.0.2:5433/auction?target_session_attrs=primary',
    );
  });

  it('is accepted as DATABASE_URL; a malformed one is refused with the variable named', () => {
    expect(parseEnv(StoresEnvSchema, { DATABASE_URL: HA }).DATABASE_URL).toBe(HA);
    expect(() => parseEnv(StoresEnvSchema, { DATABASE_URL: 'postgres://a:1,b:x/db' })).toThrow(/DATABASE_URL/);
  });
});
