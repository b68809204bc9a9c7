// Seller photos in the file storage (infra/src/storage), so every API host serves them. The API streams an upload to
// a temporary name while its size is counted (api/src/http/upload-receiver.ts); only a real PNG, JPEG or WebP within the
// limits is kept, decoded and encoded afresh without its metadata (image-safety.ts), with its smaller sizes
// (photo-sizes.ts), and recorded; a refused upload leaves nothing behind, neither a file nor a row.
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Sql } from 'postgres';
import type { FileStorage } from '@app/infra/storage';
import {
  PHOTO_TYPES,
  PHOTO_WIDTHS,
  photoSizeName,
  photoUrl,
  type PhotoType,
  type PhotoWidth,
  type SessionUser,
  type UploadedPhoto,
} from '@app/shared';
import { decodeQueue } from './decode-queue.js';
import { reencodePhoto } from './image-safety.js';
import { photoSize, photoSizes } from './photo-sizes.js';
import type { ReceivedFile } from './received-file.js';

const key = (name: string) => `photos/${name}`;
const SIZE_NAME = /^([a-f0-9]{32})-w(\d+)\.webp$/;

export class PhotoStore {
  constructor(
    private readonly sql: Sql,
    private readonly files: FileStorage,
  ) {}

  /** Keeps one received file for its owner if it proves to be a photo. */
  async keep(owner: SessionUser, { id, temp }: ReceivedFile): Promise<UploadedPhoto> {
    const { data, type } = await reencodePhoto(await readFile(temp));
    const fileName = `${id}.${PHOTO_TYPES[type]}`;
    const sizes = await photoSizes(data);
    const written: string[] = [];
    try {
      await this.files.put(key(fileName), data, type);
      written.push(fileName);
      for (const size of sizes) {
        const name = photoSizeName(fileName, size.width);
        await this.files.put(key(name), size.data, 'image/webp');
        written.push(name);
      }
      await this
        .sql`insert into photo_uploads (file_name, owner_id, content_type, bytes) values (${fileName}, ${owner.id}, ${type}, ${data.length})`;
    } catch (err) {
      await Promise.all(written.map((name) => this.files.remove(key(name)).catch(() => undefined)));
      throw err;
    }
    return { url: photoUrl(fileName), contentType: type, bytes: data.length };
  }

  /**
   * A stored photo or size to send back, or null when there is none. A size missing beside its original (a photo kept
   * before sizes were made) is made now and kept, so older listings get their sizes on first view.
   */
  async open(name: string): Promise<{ stream: Readable | Buffer; bytes: number; contentType: PhotoType } | null> {
    const found = await this.files.get(key(name));
    if (found) return { stream: found.body, bytes: found.bytes, contentType: typeOf(name) };
    const size = SIZE_NAME.exec(name);
    if (!size || !PHOTO_WIDTHS.includes(Number(size[2]) as PhotoWidth)) return null;
    const [upload] = await this.sql<{ fileName: string }[]>`
      select file_name from photo_uploads where file_name like ${`${size[1]}.%`} limit 1`;
    const original = upload && (await this.files.get(key(upload.fileName)));
    if (!original) return null;
    const bytes = await bytesOf(original.body);
    const made = await decodeQueue.run('photo', () => photoSize(bytes, Number(size[2]) as PhotoWidth));
    await this.files.put(key(name), made.data, 'image/webp');
    return { stream: made.data, bytes: made.data.length, contentType: 'image/webp' };
  }
}

function typeOf(name: string): PhotoType {
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return (Object.keys(PHOTO_TYPES) as PhotoType[]).find((t) => PHOTO_TYPES[t] === ext)!;
}

async function bytesOf(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Which of these photo file names the user did not upload (so may not put on a car). */
export async function photosNotOwnedBy(sql: Sql, owner: SessionUser, fileNames: string[]): Promise<string[]> {
  const owned = await sql<{ fileName: string }[]>`
    select file_name from photo_uploads where owner_id = ${owner.id} and file_name = any(${fileNames}::text[])`;
  const mine = new Set(owned.map((r) => r.fileName));
  return fileNames.filter((f) => !mine.has(f));
}
