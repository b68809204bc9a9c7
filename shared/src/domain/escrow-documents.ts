// The escrow's documents: which set is required before the inspection can start, who may upload or review one and
// when, and what a file really is (from its first bytes, never its name or the type the browser claims).
import { ESCROW_REQUIRED_DOCUMENTS, type ESCROW_STATUSES } from '../constants.js';
import { ALLOWED, refuse, type Verdict } from './refusal.js';

/** The required three plus `other` (dispute evidence, anything a party wants on file). */
export const ESCROW_DOCUMENT_TYPES = [...ESCROW_REQUIRED_DOCUMENTS, 'other'] as const;
export type EscrowDocumentType = (typeof ESCROW_DOCUMENT_TYPES)[number];
export const DOCUMENT_VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;

/** A document file: the proven types and the limit (the photos' 10 MB). */
export const DOCUMENT_FILE_TYPES = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export type DocumentFileType = keyof typeof DOCUMENT_FILE_TYPES;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TEXTS = {
  notADocument: 'Only PDF, PNG or JPEG documents are accepted',
  tooLarge: `The document is too large: at most ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB`,
  noFile: 'Choose a file to upload',
} as const;

/** The required documents not verified yet, in the required order. */
export function missingDocuments(verified: readonly string[]): (typeof ESCROW_REQUIRED_DOCUMENTS)[number][] {
  return ESCROW_REQUIRED_DOCUMENTS.filter((d) => !verified.includes(d));
}

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

/** The type the bytes prove, or null. A PDF must also end like one: a renamed page that starts with %PDF is not enough. */
export function sniffDocumentType(bytes: Uint8Array): DocumentFileType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) {
    const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
    return tail.includes('%%EOF') ? 'application/pdf' : null;
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

type EscrowStatus = (typeof ESCROW_STATUSES)[number];

const BEFORE_INSPECTION: readonly EscrowStatus[] = ['pending', 'funded'];
const OPEN: readonly EscrowStatus[] = ['pending', 'funded', 'in_inspection', 'disputed'];

/** A party uploads; the required set only until it is verified, `other` (evidence) while the escrow is open. */
export function decideDocumentUpload(
  status: EscrowStatus,
  actor: string,
  type: EscrowDocumentType,
  current: string | null,
): Verdict {
  if (actor !== 'buyer' && actor !== 'seller')
    return refuse('forbidden', 'Only the buyer or the seller can upload documents');
  if (type === 'other')
    return OPEN.includes(status)
      ? ALLOWED
      : refuse('conflict', `This transaction is ${status.replace('_', ' ')}: documents are closed`);
  if (!BEFORE_INSPECTION.includes(status))
    return refuse('conflict', `This transaction is ${status.replace('_', ' ')}: the required documents are closed`);
  if (current === 'verified') return refuse('conflict', 'This document is already verified');
  return ALLOWED;
}

/** An admin verifies or rejects an uploaded document before the inspection starts. */
export function decideDocumentReview(
  status: EscrowStatus,
  actor: string,
  doc: { uploaded: boolean; verificationStatus: string },
  decision: 'verified' | 'rejected',
): Verdict | { ok: true; changed: false } {
  if (actor !== 'admin') return refuse('forbidden', 'Only an admin can verify documents');
  if (!doc.uploaded) return refuse('conflict', 'Nothing has been uploaded for this document yet');
  if (doc.verificationStatus === decision) return { ok: true, changed: false };
  if (!BEFORE_INSPECTION.includes(status))
    return refuse('conflict', `This transaction is ${status.replace('_', ' ')}: documents can no longer be reviewed`);
  return ALLOWED;
}
