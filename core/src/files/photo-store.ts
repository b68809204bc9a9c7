// Seller photos on disk. The API streams an upload to a temporary name while its size is counted
// (api/src/http/upload-receiver.ts); only a real PNG, JPEG or WebP within the limits is kept, decoded and encoded afresh without its metadata (image-safety.ts), written into
// place and recorded, so a refused upload leaves nothing behind, neither a file nor a row.
import { createReadStream } from 'node:fs';
import { readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Sql } from 'postgres';
import { PHOTO_TYPES, photoUrl, type PhotoType, type SessionUser, type UploadedPhoto } from '@app/shared';
import { reencodePhoto } from './image-safety.js';
import type { ReceivedFile } from './received-file.js';

export class PhotoStore {
  constructor(
    private readonly sql: Sql,
    readonly dir: string,
  ) {}

  /** Keeps one received file for its owner if it proves to be a photo. */
  async keep(owner: SessionUser, { id, temp }: ReceivedFile): Promise<UploadedPhoto> {
    const { data, type } = await reencodePhoto(await readFile(temp));
    const fileName = `${id}.${PHOTO_TYPES[type]}`;
    await writeFile(join(this.dir, fileName), data, { flag: 'wx' });
    const bytes = data.length;
    try {
      await this
        .sql`insert into photo_uploads (file_name, owner_id, content_type, bytes) values (${fileName}, ${owner.id}, ${type}, ${bytes})`;
    } catch (err) {
      await unlink(join(this.dir, fileName)).catch(() => undefined);
      throw err;
    }
    return { url: photoUrl(fileName), contentType: type, bytes };
  }

  /** A stored photo to send back, or null when there is no such file. */
  async open(fileName: string): Promise<{ stream: Readable; bytes: number; contentType: PhotoType } | null> {
    const path = join(this.dir, fileName);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    const ext = fileName.slice(fileName.lastIndexOf('.') + 1);
    const contentType = (Object.keys(PHOTO_TYPES) as PhotoType[]).find((t) => PHOTO_TYPES[t] === ext)!;
    return { stream: createReadStream(path), bytes: info.size, contentType };
  }
}

/** Which of these photo file names the user did not upload (so may not put on a car). */
export async function photosNotOwnedBy(sql: Sql, owner: SessionUser, fileNames: string[]): Promise<string[]> {
  const owned = await sql<{ fileName: string }[]>`
    select file_name from photo_uploads where owner_id = ${owner.id} and file_name = any(${fileNames}::text[])`;
  const mine = new Set(owned.map((r) => r.fileName));
  return fileNames.filter((f) => !mine.has(f));
}
