// Forward-only numbered SQL migrations. An advisory lock makes concurrent starters apply each file exactly once;
// checksums refuse a database whose applied files were edited afterwards.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
const LOCK_KEY = 724_000_001;

export async function migrate(
  databaseUrl: string,
  log: (msg: string) => void = () => {},
): Promise<{ applied: string[] }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const applied: string[] = [];
  try {
    await sql`select pg_advisory_lock(${LOCK_KEY})`;
    await sql`
      create table if not exists schema_migrations (
        name text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`;
    const done = new Map(
      (await sql<{ name: string; checksum: string }[]>`select name, checksum from schema_migrations`).map((r) => [
        r.name,
        r.checksum,
      ]),
    );
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
    for (const file of files) {
      const text = await readFile(MIGRATIONS_DIR + file, 'utf8');
      const checksum = createHash('sha256').update(text).digest('hex');
      const previous = done.get(file);
      if (previous !== undefined) {
        if (previous !== checksum)
          throw new Error(`Migration ${file} was changed after it was applied; add a new migration instead`);
        continue;
      }
      await sql.begin(async (tx) => {
        await tx.unsafe(text);
        await tx`insert into schema_migrations (name, checksum) values (${file}, ${checksum})`;
      });
      applied.push(file);
      log(`applied ${file}`);
    }
    return { applied };
  } catch (err) {
    throw new Error(`Migration failed: ${(err as Error).message}`);
  } finally {
    await sql`select pg_advisory_unlock(${LOCK_KEY})`.catch(() => {});
    await sql.end({ timeout: 5 });
  }
}
