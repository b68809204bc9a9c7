import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin } from '../src/admins/add-admin.js';
import { newPasswordProblem } from '../src/common-passwords.js';
import { verifyPassword } from '../src/passwords.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());

describe('adding an admin', () => {
  it('adds one admin when two additions race for the same e-mail; the other is told it exists', async () => {
    const results = await Promise.all(
      ['first long passphrase 1', 'second long passphrase 2'].map((password) =>
        addAdmin(db.sql, { email: 'race@example.com', name: 'Racer', password }),
      ),
    );
    expect(results.filter((id) => id !== null)).toHaveLength(1);
    expect(results.filter((id) => id === null)).toHaveLength(1);
    const rows = await db.sql<{ passwordHash: string }[]>`
      select password_hash from admin_users where email = 'race@example.com'`;
    expect(rows).toHaveLength(1);
    // Stored with the hasher sign-in verifies with; the winner's password is the one that works.
    const works = await Promise.all(
      ['first long passphrase 1', 'second long passphrase 2'].map((p) => verifyPassword(rows[0]!.passwordHash, p)),
    );
    expect(works.filter(Boolean)).toHaveLength(1);
  });
});

describe('a chosen password', () => {
  it('meets the sign-up rules: 8 characters besides spaces, at most 200, not a common one', () => {
    expect(newPasswordProblem('correct horse battery staple', 'ops@example.test')).toBeNull();
    expect(newPasswordProblem('short', 'ops@example.test')).toMatch(/at least 8 characters/);
    expect(newPasswordProblem('   ab   cd   ', 'ops@example.test')).toMatch(/besides spaces/);
    expect(newPasswordProblem('x'.repeat(201), 'ops@example.test')).toMatch(/at most 200/);
    expect(newPasswordProblem('Password1', 'ops@example.test')).toMatch(/most common/);
  });
});
