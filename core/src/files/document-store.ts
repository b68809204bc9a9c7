// Escrow documents in the file storage (infra/src/storage), beside the photos but never public. The API streams an upload to a temporary name while its
// size is counted (api/src/http/upload-receiver.ts); only a PDF, PNG or JPEG within 10 MB is kept, and never as it
// came: a PDF rebuilt from images of its pages (pdf-rebuild.ts), an image decoded and encoded afresh without its
// metadata, like a photo (image-safety.ts). The original is deleted with the temporary file. A refused upload leaves no
// file behind. The caller authorises the uploader before anything is decoded, records the file, and removes it again
// when the record is refused.
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FileStorage } from '@app/infra/storage';
import { DOCUMENT_FILE_TYPES, DOCUMENT_TEXTS, sniffDocumentType, type DocumentFileType } from '@app/shared';
import { DomainError } from '../errors.js';
import { decodeQueue } from './decode-queue.js';
import { MAX_IMAGE_PIXELS, reencodeImage, type ReencodeRules } from './image-safety.js';
import { rebuildPdf } from './pdf-rebuild.js';
import type { ReceivedFile } from './received-file.js';

/** A scanned page keeps every pixel the image limit allows: its small print must stay legible. */
const DOCUMENT_IMAGE_RULES: ReencodeRules = {
  accept: ['image/png', 'image/jpeg'],
  maxEdge: Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) * 2,
  pngCompression: 6,
  notAccepted: DOCUMENT_TEXTS.notADocument,
  kind: 'document-image',
};

async function keptBytes(type: DocumentFileType, file: Buffer): Promise<Buffer> {
  if (type !== 'application/pdf') return (await reencodeImage(file, DOCUMENT_IMAGE_RULES)).data;
  return decodeQueue.run('document-pdf', () => rebuildPdf(file));
}

/** A document as kept: its name in the store, its proven type and its size. */
export interface StoredFile {
  fileName: string;
  contentType: string;
  bytes: number;
}

const key = (fileName: string) => `escrow-documents/${fileName}`;

export class DocumentStore {
  constructor(private readonly files: FileStorage) {}

  /** Keeps one received file if it proves to be a document. */
  async keep({ id, temp }: ReceivedFile): Promise<StoredFile> {
    const received = await readFile(temp);
    const type = sniffDocumentType(received);
    if (!type) throw new DomainError(415, DOCUMENT_TEXTS.notADocument);
    const kept = await keptBytes(type, received);
    const fileName = `${id}.${DOCUMENT_FILE_TYPES[type]}`;
    await this.files.put(key(fileName), kept, type);
    return { fileName, contentType: type, bytes: kept.length };
  }

  async remove(fileName: string): Promise<void> {
    await this.files.remove(key(fileName)).catch(() => undefined);
  }

  async open(fileName: string): Promise<{ stream: Readable | Buffer; bytes: number } | null> {
    const found = await this.files.get(key(fileName));
    return found ? { stream: found.body, bytes: found.bytes } : null;
  }
}
