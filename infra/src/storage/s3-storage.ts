// Files in an S3-compatible bucket (AWS S3, R2, MinIO, Ceph...): written whole, read as a stream passed straight to
// the client, so a large file never sits in the API's memory. Each call has its own deadline and a bounded number of
// attempts: a bucket that does not answer is a 503 for the request, not a hung one.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { FileStorage, StoredObject } from './file-storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Empty: AWS's own endpoint for the region; otherwise the bucket service's URL. */
  endpoint: string;
  /** Address the bucket in the path (most S3-compatible servers) rather than in the host name. */
  forcePathStyle: boolean;
  /** Empty: the SDK's default chain (environment, instance or pod role). */
  accessKeyId: string;
  secretAccessKey: string;
  /** The longest one request may take, connection included. */
  timeoutMs: number;
}

export class S3FileStorage implements FileStorage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      maxAttempts: 3,
      requestHandler: {
        connectionTimeout: Math.min(settings.timeoutMs, 3000),
        requestTimeout: settings.timeoutMs,
      },
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!answer.Body) return null;
      return {
        body: answer.Body as Readable,
        bytes: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

/** NoSuchKey, or a bare 404 from a server that answers a HEAD-like miss without a body. */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
