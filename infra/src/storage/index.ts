// The file storage a process uses, chosen by FILE_STORAGE. The S3 driver (and the AWS SDK) loads only when chosen.
import type { Sql } from 'postgres';
import type { FileStorage } from './file-storage.js';
import { PostgresFileStorage } from './postgres-storage.js';

export type { FileStorage, StoredObject } from './file-storage.js';
export { PostgresFileStorage } from './postgres-storage.js';
export type { S3FileStorage, S3Settings } from './s3-storage.js';

export interface FileStorageConfig {
  FILE_STORAGE: 'postgres' | 's3';
  S3_BUCKET: string;
  S3_REGION: string;
  S3_ENDPOINT: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  REQUEST_DEADLINE_MS: number;
}

export async function createFileStorage(config: FileStorageConfig, sql: Sql): Promise<FileStorage> {
  if (config.FILE_STORAGE === 'postgres') return new PostgresFileStorage(sql);
  const { S3FileStorage } = await import('./s3-storage.js');
  return new S3FileStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    timeoutMs: config.REQUEST_DEADLINE_MS,
  });
}
