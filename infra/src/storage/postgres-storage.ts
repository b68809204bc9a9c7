// Files in Postgres: one row a file, its bytes in a bytea column. Any number of API hosts read what one wrote, with
// no component to run and the same backups and failover as the bids. A file is read whole and the connection goes back
// to the pool at once: a large object would be streamed inside a transaction held open for as long as a slow client
// reads, and would need vacuumlo to reclaim. Files are at most a few megabytes (photos are re-encoded within 3,000 px,
// documents within 10 MB), and served with immutable caching, so each is read rarely.
import type { Sql } from 'postgres';
import type { FileStorage, StoredObject } from './file-storage.js';

export class PostgresFileStorage implements FileStorage {
  readonly driver = 'postgres' as const;

  constructor(private readonly sql: Sql) {}

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.sql`
      insert into stored_files (key, content_type, bytes, data)
      values (${key}, ${contentType}, ${data.length}, ${data})
      on conflict (key) do update set content_type = excluded.content_type, bytes = excluded.bytes, data = excluded.data`;
  }

  async get(key: string): Promise<StoredObject | null> {
    const [row] = await this.sql<{ contentType: string; data: Buffer }[]>`
      select content_type, data from stored_files where key = ${key}`;
    return row ? { body: row.data, bytes: row.data.length, contentType: row.contentType } : null;
  }

  async remove(key: string): Promise<void> {
    await this.sql`delete from stored_files where key = ${key}`;
  }

  async close(): Promise<void> {}
}
