// The demo's sample cars are sold by the sample seller, an account nobody signs in to (created by the development seed
// only). So that a member who buys one sees the sale through, it takes the seller's steps itself as soon as they are
// due, through the same commands a seller's clicks go through: it accepts the terms when the escrow opens, and once the
// sale is paid in full it uploads its documents (images labelled as sample documents) and ships the car with the
// sandbox carrier. An admin still verifies the documents; the buyer confirms the delivery and the inspection.
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { TransactionSql } from 'postgres';
import type { EventDeps, Outbox } from '@app/infra';
import { ESCROW_REQUIRED_DOCUMENTS, escrowTerms, type FeeSchedule, type SessionUser } from '@app/shared';
import type { DocumentStore } from '../files/document-store.js';
import { applyEscrowAction } from './escrow-actions.js';
import { uploadDocument } from './escrow-documents.js';
import { updateShipping } from './escrow-shipping.js';

export const SAMPLE_CARRIER = 'Sandbox Freight';

/** At the sale, in its transaction: the sample seller accepts the terms the escrow was opened with. */
export async function sampleSellerAcceptsTerms(
  tx: TransactionSql,
  outbox: Outbox,
  e: { transactionId: number; sellerId: number | null; feeSchedule: FeeSchedule },
): Promise<void> {
  if (e.sellerId === null) return;
  const [sample] = await tx`select 1 from users where id = ${e.sellerId} and is_sample_seller`;
  if (!sample) return;
  const step = await applyEscrowAction(tx, outbox, {
    transactionId: e.transactionId,
    action: 'accept_terms',
    caller: { kind: 'user', userId: e.sellerId, as: 'seller' },
    // Part of the sale's opening, which stays out of the bell too.
    bell: false,
  });
  if (step.ok && step.changed)
    await tx`update escrow_transactions set seller_terms_version = ${escrowTerms(e.feeSchedule).version} where id = ${e.transactionId}`;
}

/** A sample document: an image that says what it is, so nobody takes it for a real title. */
async function sampleDocument(type: string, transactionId: number): Promise<Buffer> {
  const title = type.replaceAll('_', ' ').toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="850" height="1100">
    <rect width="100%" height="100%" fill="#ffffff"/>
    <text x="60" y="120" font-family="sans-serif" font-size="44" fill="#0f172a">${title}</text>
    <text x="60" y="190" font-family="sans-serif" font-size="26" fill="#334155">Sample document for escrow #${transactionId}</text>
    <text x="60" y="240" font-family="sans-serif" font-size="26" fill="#334155">Issued by the sample seller of a demo car: not a real document.</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * After a payment: when the sale of a sample seller's car is paid in full, its documents and shipping follow at once.
 * Each step is the ordinary command, so a step already taken (a retry, a second payment event) is refused or skipped.
 */
export async function sampleSellerShips(
  deps: EventDeps & { documents: DocumentStore },
  transactionId: number,
): Promise<void> {
  const [e] = await deps.sql<
    { status: string; shippingMethod: string | null; sellerId: number; email: string; name: string }[]
  >`
    select t.status, t.shipping_method, u.id as seller_id, u.email, u.name
    from escrow_transactions t join users u on u.id = t.seller_id and u.is_sample_seller
    where t.id = ${transactionId}`;
  if (!e || e.status !== 'funded') return;
  const seller: SessionUser = { id: e.sellerId, email: e.email, name: e.name, isPremium: false };
  const uploaded = await deps.sql<{ documentType: string }[]>`
    select document_type from transaction_documents where transaction_id = ${transactionId} and file_name is not null`;
  for (const documentType of ESCROW_REQUIRED_DOCUMENTS) {
    if (uploaded.some((d) => d.documentType === documentType)) continue;
    const id = randomBytes(16).toString('hex');
    const temp = join(tmpdir(), `sample-document-${id}.png`);
    const bytes = await sampleDocument(documentType, transactionId);
    await writeFile(temp, bytes);
    try {
      await uploadDocument(deps, { transactionId, documentType, received: { id, temp, bytes: bytes.length } }, seller);
    } finally {
      await rm(temp, { force: true });
    }
  }
  if (e.shippingMethod === null) {
    await updateShipping(
      deps,
      {
        transactionId,
        shippingMethod: 'carrier',
        carrier: SAMPLE_CARRIER,
        trackingNumber: `SBX-${transactionId}-${randomBytes(3).toString('hex').toUpperCase()}`,
      },
      seller,
    );
  }
}
