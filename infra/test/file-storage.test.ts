// Both file storage drivers against real servers: the test's own Postgres database, and an S3-compatible server whose
// front checks each request's signature with the AWS SDK's own signer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApiEnv } from '@app/shared';
import { createFileStorage, type FileStorage, type StoredObject } from '../src/storage/index.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { startS3Server, type TestS3Server } from '../test-support/s3-server.js';

let db: TestDatabase;
let s3: TestS3Server;
beforeAll(async () => {
  [db, s3] = await Promise.all([createTestDatabase(), startS3Server()]);
});
afterAll(async () => {
  await Promise.all([db?.drop(), s3?.stop()]);
});

const storage = (env: Record<string, string> = {}) =>
  createFileStorage(parseApiEnv({ DATABASE_URL: db.url, ...env }), db.sql);

async function bytesOf(found: StoredObject): Promise<Buffer> {
  if (Buffer.isBuffer(found.body)) return found.body;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each([
  ['postgres', () => storage()],
  ['s3', () => storage(s3.env)],
])('the %s driver', (driver, make) => {
  let files: FileStorage;
  beforeAll(async () => {
    files = await make();
  });
  afterAll(async () => files?.close());

  it('keeps a file with its type, serves it back whole, and forgets it when removed', async () => {
    expect(files.driver).toBe(driver);
    const data = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
    await files.put('photos/a.webp', data, 'image/webp');
    const found = (await files.get('photos/a.webp'))!;
    expect(found.contentType).toBe('image/webp');
    expect(found.bytes).toBe(data.length);
    expect((await bytesOf(found)).equals(data)).toBe(true);
    await files.remove('photos/a.webp');
    expect(await files.get('photos/a.webp')).toBeNull();
  });

  it('answers null for a key never written, and removing one is no error', async () => {
    expect(await files.get('escrow-documents/nothing.pdf')).toBeNull();
    await expect(files.remove('escrow-documents/nothing.pdf')).resolves.toBeUndefined();
  });

  it('keeps keys apart and takes the same key written twice (a retried upload) as one file', async () => {
    await files.put('photos/b.png', Buffer.from('first'), 'image/png');
    await files.put('escrow-documents/b.png', Buffer.from('other'), 'image/png');
    await files.put('photos/b.png', Buffer.from('first'), 'image/png');
    expect((await bytesOf((await files.get('photos/b.png'))!)).toString()).toBe('first');
    expect((await bytesOf((await files.get('escrow-documents/b.png'))!)).toString()).toBe('other');
  });
});

describe('the s3 driver', () => {
  it('signs its requests: the server refuses a wrong secret, and nothing is written', async () => {
    const wrong = await storage({ ...s3.env, S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    await expect(wrong.put('photos/c.webp', Buffer.from('x'), 'image/webp')).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    await wrong.close();
    expect(s3.refused).toBeGreaterThan(0);
    const right = await storage(s3.env);
    expect(await right.get('photos/c.webp')).toBeNull();
    await right.close();
  });

  it('is refused at start without a bucket', () => {
    expect(() => parseApiEnv({ FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });
});
