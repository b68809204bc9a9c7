// The API's side of escrow documents, shipping and disputes: files through the document store, every write through
// the escrow service in infra (escrow-records.ts), refusals mapped to their HTTP status.
import type { Sql } from 'postgres';
import {
  addInsurance,
  postDisputeMessage,
  recordDocument,
  resolveDispute,
  reviewDispute,
  reviewDocument,
  updateShipping,
  type RecordResult,
} from './escrow-disputes.js';
import { type EventPublisher } from '@app/infra';
import { type PaymentProvider } from './payment-provider.js';
import { type EscrowCaller } from './escrow-actions.js';
import type { DisputeOutcome, EscrowDocumentType, SessionUser, ShippingDetails } from '@app/shared';
import { NotFound, refusalError } from '../errors.js';
import type { DocumentStore } from '../files/document-store.js';
import type { ReceivedFile } from '../files/received-file.js';

type Deps = { sql: Sql; events: EventPublisher };

const valueOf = <T>(r: RecordResult<T>): T => {
  if (!r.ok) throw refusalError(r.refusal);
  return r.value;
};

/** Keeps the file, then records it; a refused record removes the file again, so a refusal leaves nothing behind. */
export async function uploadDocument(
  deps: Deps & { documents: DocumentStore },
  input: { transactionId: number; documentType: EscrowDocumentType; received: ReceivedFile },
  user: SessionUser,
) {
  const stored = await deps.documents.keep(input.received);
  let recorded: RecordResult<{ documentId: number; replacedFile: string | null }>;
  try {
    recorded = await recordDocument(deps, {
      transactionId: input.transactionId,
      userId: user.id,
      documentType: input.documentType,
      file: stored,
    });
  } catch (err) {
    await deps.documents.remove(stored.fileName);
    throw err;
  }
  if (!recorded.ok) {
    await deps.documents.remove(stored.fileName);
    throw refusalError(recorded.refusal);
  }
  if (recorded.value.replacedFile) await deps.documents.remove(recorded.value.replacedFile);
  return { documentId: recorded.value.documentId, documentType: input.documentType, verificationStatus: 'pending' };
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

export async function reviewEscrowDocument(
  deps: Deps,
  input: { transactionId: number; documentId: number; decision: 'verified' | 'rejected'; reason?: string | undefined },
  adminId: number,
) {
  return valueOf(await reviewDocument(deps, { ...input, adminId }));
}

export async function enterShipping(deps: Deps, input: ShippingDetails & { transactionId: number }, user: SessionUser) {
  return valueOf(await updateShipping(deps, { ...input, userId: user.id }));
}

export async function takeDisputeForReview(deps: Deps, transactionId: number, adminId: number) {
  return valueOf(await reviewDispute(deps, { transactionId, adminId }));
}

export async function insureTransit(deps: Deps, transactionId: number, user: SessionUser) {
  return valueOf(await addInsurance(deps, { transactionId, userId: user.id }));
}

export async function writeInDispute(deps: Deps, transactionId: number, caller: EscrowCaller, body: string) {
  return valueOf(await postDisputeMessage(deps, { transactionId, caller, body }));
}

/** Resolves the dispute, then sends any refund through the payment provider (one per payment it reverses) and records each paid. */
export async function settleDispute(
  deps: Deps & { payments: PaymentProvider },
  input: { transactionId: number; outcome: DisputeOutcome; refundCents?: number | undefined; decision: string },
  adminId: number,
) {
  const r = valueOf(await resolveDispute(deps, { ...input, adminId }));
  for (const refund of r.refunds) {
    const { refundId } = await deps.payments.refund({ intentId: refund.intentId, amountCents: refund.cents });
    await deps.sql`update payment_schedules set status = 'paid', paid_at = now(), metadata = metadata || ${deps.sql.json({ refundId })} where id = ${refund.scheduleId}`;
  }
  return { disputeId: r.disputeId, disputeStatus: r.disputeStatus, status: r.status };
}
