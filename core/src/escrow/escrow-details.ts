// What hangs off escrows, read for the parties' page and the admin queue: documents with their review, the payment
// schedule, disputes with their evidence and outcome. Files are linked by id and served only to the parties and admins.
import type { Sql } from 'postgres';
import type { Dispute, EscrowTransaction } from '@app/shared';

type EscrowDocument = EscrowTransaction['documents'][number];
type ScheduleLine = EscrowTransaction['payment']['schedule'][number];

export const documentUrl = (documentId: number) => `/api/escrow/documents/${documentId}`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function documentsOf(sql: Sql, transactionIds: number[]): Promise<Map<number, EscrowDocument[]>> {
  const rows = await sql<
    {
      id: number;
      transactionId: number;
      documentType: string;
      verificationStatus: string;
      fileName: string | null;
      uploadedAt: Date | null;
      rejectionReason: string | null;
    }[]
  >`
    select id, transaction_id, document_type, verification_status, file_name, uploaded_at, rejection_reason
    from transaction_documents where transaction_id = any(${transactionIds}::int[]) order by id`;
  const byTx = new Map<number, EscrowDocument[]>(transactionIds.map((id) => [id, []]));
  for (const r of rows) {
    byTx.get(r.transactionId)!.push({
      id: r.id,
      documentType: r.documentType,
      verificationStatus: r.verificationStatus,
      uploaded: r.fileName !== null,
      fileUrl: r.fileName === null ? null : documentUrl(r.id),
      uploadedAt: iso(r.uploadedAt),
      rejectionReason: r.rejectionReason,
    });
  }
  return byTx;
}

export async function disputesOf(sql: Sql, transactionIds: number[]): Promise<Map<number, Dispute[]>> {
  const rows = await sql<
    {
      id: number;
      transactionId: number;
      initiatedByBuyer: boolean;
      disputeType: string;
      description: string;
      evidence: number[];
      status: Dispute['status'];
      resolution: Dispute['resolution'];
      resolutionAmount: string | null;
      mediatorDecision: string | null;
      createdAt: Date;
      resolvedAt: Date | null;
    }[]
  >`
    select d.id, d.transaction_id, d.initiated_by = t.buyer_id as initiated_by_buyer, d.dispute_type, d.description, d.evidence,
           d.status, d.resolution, d.resolution_amount, d.mediator_decision, d.created_at, d.resolved_at
    from dispute_resolutions d join escrow_transactions t on t.id = d.transaction_id
    where d.transaction_id = any(${transactionIds}::int[]) order by d.id`;
  const messages = await sql<
    { disputeId: number; author: Dispute['messages'][number]['author']; body: string; createdAt: Date }[]
  >`
    select dispute_id, author_role as author, body, created_at from dispute_messages
    where dispute_id = any(${rows.map((r) => r.id)}::int[]) order by id`;
  const byTx = new Map<number, Dispute[]>(transactionIds.map((id) => [id, []]));
  for (const r of rows) {
    byTx.get(r.transactionId)!.push({
      id: r.id,
      initiatedBy: r.initiatedByBuyer ? 'buyer' : 'seller',
      disputeType: r.disputeType,
      description: r.description,
      evidence: r.evidence.map((documentId) => ({ documentId, fileUrl: documentUrl(documentId) })),
      status: r.status,
      resolution: r.resolution,
      resolutionAmount: r.resolutionAmount,
      mediatorDecision: r.mediatorDecision,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: iso(r.resolvedAt),
      messages: messages
        .filter((m) => m.disputeId === r.id)
        .map((m) => ({ author: m.author, body: m.body, at: m.createdAt.toISOString() })),
    });
  }
  return byTx;
}

export async function paymentScheduleOf(sql: Sql, transactionId: number): Promise<ScheduleLine[]> {
  const rows = await sql<
    {
      paymentType: ScheduleLine['paymentType'];
      amount: string;
      dueDate: Date;
      status: string;
      paidAt: Date | null;
      failureReason: string | null;
    }[]
  >`
    select payment_type, amount, due_date, status, paid_at, failure_reason from payment_schedules where transaction_id = ${transactionId} order by id`;
  return rows.map((r) => ({ ...r, dueDate: r.dueDate.toISOString(), paidAt: iso(r.paidAt) }));
}

/** The verified document types, as the state machine reads them. */
export const verifiedTypes = (docs: readonly EscrowDocument[]) =>
  docs.filter((d) => d.verificationStatus === 'verified').map((d) => d.documentType);

export async function noticesOf(
  sql: Sql,
  transactionId: number,
  userId: number,
): Promise<EscrowTransaction['notices']> {
  const rows = await sql<{ createdAt: Date; actor: string; text: string }[]>`
    select created_at, actor, text from escrow_notices where transaction_id = ${transactionId} and user_id = ${userId}
    order by id desc limit 50`;
  return rows.map((r) => ({ at: r.createdAt.toISOString(), actor: r.actor, text: r.text }));
}

export async function insuranceOf(sql: Sql, transactionId: number): Promise<EscrowTransaction['insurance']> {
  const [p] = await sql<
    {
      provider: string;
      policyNumber: string;
      coverageType: string;
      coverageAmount: string;
      premium: string;
      effectiveDate: Date;
      expirationDate: Date;
      status: string;
    }[]
  >`
    select insurance_provider as provider, policy_number, coverage_type, coverage_amount, premium, effective_date, expiration_date, status
    from transaction_insurance where transaction_id = ${transactionId} order by id desc limit 1`;
  return p
    ? { ...p, effectiveDate: p.effectiveDate.toISOString(), expirationDate: p.expirationDate.toISOString() }
    : null;
}
