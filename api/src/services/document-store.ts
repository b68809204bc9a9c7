// Escrow documents on disk, beside the photos but never public. A file is streamed to a temporary name while its size
// is counted; only a PDF, PNG or JPEG proven by its bytes within 10 MB is moved into place, so a refused upload leaves
// no file behind. The caller records it and removes it again when the record is refused.
import { createReadStream } from 'node:fs';
import { open, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DOCUMENT_FILE_TYPES, DOCUMENT_TEXTS, sniffDocumentType } from '@app/shared';
import type { StoredFile } from '@app/infra';
import { DomainError } from '../domain-errors.js';
import { receiveUpload } from './upload-receiver.js';

/** Enough of the start for the magic numbers and of the end for a PDF's trailer. */
const HEAD_BYTES = 16;
const TAIL_BYTES = 1024;

async function headAndTail(path: string, size: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    if (size <= HEAD_BYTES + TAIL_BYTES) {
      const all = Buffer.alloc(size);
      await handle.read(all, 0, size, 0);
      return all;
    }
    const head = Buffer.alloc(HEAD_BYTES);
    const tail = Buffer.alloc(TAIL_BYTES);
    await handle.read(head, 0, HEAD_BYTES, 0);
    await handle.read(tail, 0, TAIL_BYTES, size - TAIL_BYTES);
    return Buffer.concat([head, tail]);
  } finally {
    await handle.close();
  }
}

export class DocumentStore {
  constructor(readonly dir: string) {}

  /** Keeps one uploaded file if it proves to be a document; `truncated()` says whether the parser cut it at the limit. */
  async save(file: Readable, truncated: () => boolean): Promise<StoredFile> {
    return receiveUpload(this.dir, file, truncated, DOCUMENT_TEXTS, async ({ id, temp, bytes }) => {
      const type = sniffDocumentType(await headAndTail(temp, bytes));
      if (!type) throw new DomainError(415, DOCUMENT_TEXTS.notADocument);
      const fileName = `${id}.${DOCUMENT_FILE_TYPES[type]}`;
      await rename(temp, join(this.dir, fileName));
      return { fileName, contentType: type, bytes };
    });
  }

  async remove(fileName: string): Promise<void> {
    await unlink(join(this.dir, fileName)).catch(() => undefined);
  }

  async open(fileName: string): Promise<{ stream: Readable; bytes: number } | null> {
    const path = join(this.dir, fileName);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(path), bytes: info.size };
  }
}
