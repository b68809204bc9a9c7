// What the Postgres file storage keeps, read straight from its table: tests see kept files without going through the
// code under test.
import type { Sql } from 'postgres';

/** The keys kept under a prefix ('photos/', 'escrow-documents/'), sorted. */
export async function storedKeys(sql: Sql, prefix: string): Promise<string[]> {
  const rows = await sql<
    { key: string }[]
  >`select key from stored_files where starts_with(key, ${prefix}) order by key`;
  return rows.map((r) => r.key);
}

/** The bytes kept under a key. */
export async function storedBytes(sql: Sql, key: string): Promise<Buffer> {
  const [row] = await sql<{ data: Buffer }[]>`select data from stored_files where key = ${key}`;
  if (!row) throw new Error(`nothing is stored under ${key}`);
  return row.data;
}
