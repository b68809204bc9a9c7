// Escrow documents: a party uploads one (the file kept by the document store, then recorded on the locked escrow), an
// admin verifies or rejects it (the last required one verified on a funded escrow starts the inspection), and the
// parties and admins open it. Who may do what, and when, is shared/src/domain/escrow-documents.ts.
import type { Sql, TransactionSql } from 'postgres';
import type { EventDeps } from '@app/infra';
import {
  decideDocumentReview,
  decideDocumentUpload,
  missingDocuments,
  type EscrowDocumentType,
  type EscrowStatus,
  type SessionUser,
} from '@app/shared';
import { NotFound, refusalError } from '../errors.js';
import type { DocumentStore } from '../files/document-store.js';
import type { ReceivedFile } from '../files/received-file.js';
import { NO_ESCROW, actorOf, applyEscrowAction, escrowNotices, withLockedEscrow } from './escrow-actions.js';
import { tellParties } from './escrow-notices.js';

const words = (type: string) => type.replaceAll('_', ' ');

/** The slot a document of this type goes in (none for `other`, which adds a document each time). */
async function documentSlot(sql: Sql | TransactionSql, transactionId: number, type: EscrowDocumentType) {
  if (type === 'other') return undefined;
  const [slot] = await sql<{ id: number; verificationStatus: string; fileName: string | null }[]>`
    select id, verification_status, file_name from transaction_documents
    where transaction_id = ${transactionId} and document_type = ${type} order by id limit 1`;
  return slot;
}

/**
 * Refuses (throws) unless this user may upload this document now, asked before the file is even read: a stranger's
 * upload must cost no decoding. uploadDocument asks again under the lock, so a change in between is still caught.
 */
export async function assertMayUploadDocument(
  sql: Sql,
  input: { transactionId: number; documentType: EscrowDocumentType },
  user: SessionUser,
): Promise<void> {
  const [e] = await sql<
    { id: number; auctionId: number; buyerId: number; sellerId: number | null; status: EscrowStatus }[]
  >`
    select id, auction_id, buyer_id, seller_id, status from escrow_transactions where id = ${input.transactionId}`;
  const actor = e ? actorOf({ kind: 'user', userId: user.id }, e) : null;
  if (!e || !actor) throw new NotFound(NO_ESCROW);
  const slot = await documentSlot(sql, e.id, input.documentType);
  const verdict = decideDocumentUpload(e.status, actor, input.documentType, slot?.verificationStatus ?? null);
  if (!verdict.ok) throw refusalError(verdict.refusal);
}

/**
 * Keeps the file, then records it on the escrow; a required type replaces the slot's previous file, which is deleted.
 * A refused record removes the kept file again, so a refusal leaves nothing behind.
 */
export async function uploadDocument(
  deps: EventDeps & { documents: DocumentStore },
  input: { transactionId: number; documentType: EscrowDocumentType; received: ReceivedFile },
  user: SessionUser,
) {
  const f = await deps.documents.keep(input.received);
  let recorded: { documentId: number; replacedFile: string | null };
  try {
    recorded = await withLockedEscrow(
      deps,
      input.transactionId,
      { kind: 'user', userId: user.id },
      async (tx, outbox, e, actor) => {
        const slot = await documentSlot(tx, e.id, input.documentType);
        const verdict = decideDocumentUpload(e.status, actor, input.documentType, slot?.verificationStatus ?? null);
        if (!verdict.ok) throw refusalError(verdict.refusal);
        const [row] = slot
          ? await tx<{ id: number }[]>`
              update transaction_documents set file_name = ${f.fileName}, content_type = ${f.contentType}, bytes = ${f.bytes},
                uploaded_at = now(), uploaded_by = ${user.id}, verification_status = 'pending', rejection_reason = null,
                verified_by = null, verified_at = null
              where id = ${slot.id} returning id`
          : await tx<{ id: number }[]>`
              insert into transaction_documents (transaction_id, document_type, file_name, content_type, bytes, uploaded_at, uploaded_by)
              values (${e.id}, ${input.documentType}, ${f.fileName}, ${f.contentType}, ${f.bytes}, now(), ${user.id}) returning id`;
        const drafts = escrowNotices(e, {
          actor: actor as 'buyer' | 'seller',
          status: e.status,
          milestone: null,
          text: `The ${actor} uploaded the ${words(input.documentType)}`,
        });
        await tellParties(tx, outbox, drafts);
        return { documentId: row!.id, replacedFile: slot?.fileName ?? null };
      },
    );
  } catch (err) {
    await deps.documents.remove(f.fileName);
    throw err;
  }
  if (recorded.replacedFile) await deps.documents.remove(recorded.replacedFile);
  return { documentId: recorded.documentId, documentType: input.documentType, verificationStatus: 'pending' };
}

/** An admin verifies or rejects a document; the last required one verified on a funded escrow starts the inspection. */
export async function reviewDocument(
  deps: EventDeps,
  input: { transactionId: number; documentId: number; decision: 'verified' | 'rejected'; reason?: string | undefined },
  adminId: number,
): Promise<{ changed: boolean; status: EscrowStatus }> {
  return withLockedEscrow(deps, input.transactionId, { kind: 'admin', adminId }, async (tx, outbox, e, actor) => {
    const [doc] = await tx<{ id: number; documentType: string; verificationStatus: string; fileName: string | null }[]>`
      select id, document_type, verification_status, file_name from transaction_documents
      where id = ${input.documentId} and transaction_id = ${e.id} for update`;
    if (!doc) throw new NotFound('No such document on this transaction');
    const verdict = decideDocumentReview(
      e.status,
      actor,
      { uploaded: doc.fileName !== null, verificationStatus: doc.verificationStatus },
      input.decision,
    );
    if (!verdict.ok) throw refusalError(verdict.refusal);
    if ('changed' in verdict) return { changed: false, status: e.status };
    await tx`
      update transaction_documents set verification_status = ${input.decision}, verified_by = ${adminId}, verified_at = now(),
        rejection_reason = ${input.decision === 'rejected' ? (input.reason ?? null) : null}
      where id = ${doc.id}`;
    const text =
      input.decision === 'verified'
        ? `An admin verified the ${words(doc.documentType)}`
        : `An admin rejected the ${words(doc.documentType)}: ${input.reason ?? ''}`;
    await tellParties(tx, outbox, escrowNotices(e, { actor: 'admin', status: e.status, milestone: null, text }));
    const verified = input.decision === 'verified' ? [...e.verifiedDocuments, doc.documentType] : e.verifiedDocuments;
    if ((e.status === 'funded' || e.status === 'in_inspection') && missingDocuments(verified).length === 0) {
      const step = await applyEscrowAction(tx, outbox, {
        transactionId: e.id,
        action: 'verify_documents',
        caller: { kind: 'admin', adminId },
      });
      if (step.ok) return { changed: true, status: step.status };
    }
    return { changed: true, status: e.status };
  });
}

/** A document's file for a party of its escrow or an admin; anyone else finds nothing. */
export async function openDocument(
  sql: Sql,
  documents: DocumentStore,
  documentId: number,
  viewer: { userId: number } | { admin: true },
) {
  const [d] = await sql<
    {
      fileName: string | null;
      contentType: string | null;
      buyerId: number;
      sellerId: number | null;
      documentType: string;
    }[]
  >`
    select d.file_name, d.content_type, d.document_type, t.buyer_id, t.seller_id
    from transaction_documents d join escrow_transactions t on t.id = d.transaction_id where d.id = ${documentId}`;
  const allowed = d && ('admin' in viewer || d.buyerId === viewer.userId || d.sellerId === viewer.userId);
  const file = allowed && d.fileName ? await documents.open(d.fileName) : null;
  if (!d || !file) throw new NotFound('Document not found');
  return {
    ...file,
    contentType: d.contentType!,
    fileName: `${d.documentType}-${documentId}.${d.fileName!.split('.').pop()}`,
  };
}
