import postgres from 'postgres';
import { databaseUrlParts, withDatabase } from '@app/shared';

/** Creates the database named in the URL when it does not exist yet (connecting to the server's `postgres` database). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const parts = databaseUrlParts(databaseUrl);
  if (!parts) throw new Error('DATABASE_URL is not a postgres:// URL');
  const name = parts.database;
  if (!/^[A-Za-z0-9_]+$/.test(name))
    throw new Error(`DATABASE_URL names an unusual database "${name}"; create it yourself`);
  // With several servers (a primary and its standbys) the database is made on the primary.
  const sql = postgres(withDatabase(databaseUrl, 'postgres'), { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    const [row] = await sql`select 1 from pg_database where datname = ${name}`;
    if (!row) {
      await sql.unsafe(`create database "${name}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created meanwhile by another starter
      });
    }
  } catch (err) {
    throw new Error(
      `Cannot prepare the database in DATABASE_URL (${parts.hosts.join(',')}/${name}): ${(err as Error).message}`,
    );
  } finally {
    await sql.end({ timeout: 2 });
  }
}
