// Files that come from outside (photos, escrow documents), proven to be what they claim and kept.
export { DocumentStore } from './document-store.js';
export { IMAGE_TEXTS, frameForScan, inspectImage } from './image-safety.js';
export { MAX_DOCUMENT_PAGES, PDF_TEXTS } from './pdf-rebuild.js';
export { DECODES_WAITING, DECODE_BUSY, DecodeQueue, decodeQueue } from './decode-queue.js';
export { PhotoStore } from './photo-store.js';
export type { ReceivedFile } from './received-file.js';
