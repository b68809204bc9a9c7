// Where kept files (seller photos and their sizes, escrow documents) live, so that any API host serves what any other
// received: no file is on one machine's disk. Two drivers: Postgres (the default, nothing more to run) and an
// S3-compatible bucket. Keys are random and written once; a file is never changed in place, only removed.
import type { Readable } from 'node:stream';

export interface StoredObject {
  /** The bytes, whole (Postgres) or streamed from the bucket. */
  body: Buffer | Readable;
  bytes: number;
  contentType: string;
}

export interface FileStorage {
  readonly driver: 'postgres' | 's3';
  /** Writes one file under a key; writing a key that exists replaces it with the same bytes (keys are never reused). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file under the key, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the file under the key; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Lets go of connections the driver keeps of its own. */
  close(): Promise<void>;
}
