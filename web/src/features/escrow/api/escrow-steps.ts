// The steps a buyer or a seller takes on their escrow; each answers with where the escrow stands now.
import {
  DisputeMessageResultSchema,
  DisputeOpenedResponseSchema,
  EscrowChangeResponseSchema,
  InsuranceAddedSchema,
  PaymentIntentSchema,
  ShippingResultSchema,
  SandboxCardResultSchema,
  UploadedDocumentSchema,
  type AcceptTermsBodySchema,
  type CompleteMilestoneBodySchema,
  type DisputeMessageBodySchema,
  type InsuranceBodySchema,
  type EscrowDocumentType,
  type EscrowTransaction,
  type InitiateDisputeBodySchema,
  type PaymentIntentBodySchema,
  type PaymentPart,
  type SandboxCardBodySchema,
  type ShippingBodySchema,
} from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';
import { uploadFile } from '../../../lib/upload';

/** Accepts the version of the terms the page showed; the server refuses it if the terms changed since. */
export const acceptTerms = (t: EscrowTransaction, termsVersion: string) =>
  apiRequest('POST', '/api/escrow/accept-terms', EscrowChangeResponseSchema, {
    body: { transactionId: t.id, userRole: t.role, termsVersion } satisfies BodyOf<typeof AcceptTermsBodySchema>,
  });

export const confirmDelivery = (t: EscrowTransaction) =>
  apiRequest('POST', '/api/escrow/complete-milestone', EscrowChangeResponseSchema, {
    body: { transactionId: t.id, milestone: 'delivered' } satisfies BodyOf<typeof CompleteMilestoneBodySchema>,
  });

export const confirmInspection = (t: EscrowTransaction) =>
  apiRequest('POST', '/api/escrow/complete-milestone', EscrowChangeResponseSchema, {
    body: { transactionId: t.id, milestone: 'inspection_completed' } satisfies BodyOf<
      typeof CompleteMilestoneBodySchema
    >,
  });

/** A dispute as the party words it; the page adds which escrow it is about. */
export type Dispute = Omit<BodyOf<typeof InitiateDisputeBodySchema>, 'transactionId'>;

export const openDispute = (t: EscrowTransaction, dispute: Dispute) =>
  apiRequest('POST', '/api/escrow/initiate-dispute', DisputeOpenedResponseSchema, {
    body: { transactionId: t.id, ...dispute } satisfies BodyOf<typeof InitiateDisputeBodySchema>,
  });

export const startPayment = (t: EscrowTransaction, part: PaymentPart) =>
  apiRequest('POST', '/api/escrow/payments/intent', PaymentIntentSchema, {
    body: { transactionId: t.id, part } satisfies BodyOf<typeof PaymentIntentBodySchema>,
  });

export type Card = Omit<BodyOf<typeof SandboxCardBodySchema>, 'transactionId'>;

/**
 * Starts (or reuses) the payment of everything owed or of the deposit, then charges the sandbox card; the escrow turns
 * FUNDED when the provider confirms the last of what is owed.
 */
export async function payWithSandboxCard(t: EscrowTransaction, card: Card, part: PaymentPart) {
  await startPayment(t, part);
  return apiRequest('POST', '/api/escrow/payments/sandbox/confirm', SandboxCardResultSchema, {
    body: { transactionId: t.id, ...card } satisfies BodyOf<typeof SandboxCardBodySchema>,
  });
}

export const uploadEscrowDocument = (t: EscrowTransaction, documentType: EscrowDocumentType, file: File) =>
  uploadFile('/api/escrow/upload-document', UploadedDocumentSchema, file, file.name, undefined, {
    transactionId: String(t.id),
    documentType,
  });

export type Shipping = Omit<BodyOf<typeof ShippingBodySchema>, 'transactionId'>;

export const enterShipping = (t: EscrowTransaction, shipping: Shipping) =>
  apiRequest('POST', '/api/escrow/shipping', ShippingResultSchema, {
    body: { transactionId: t.id, ...shipping } satisfies BodyOf<typeof ShippingBodySchema>,
  });

export const writeInDispute = (t: EscrowTransaction, message: string) =>
  apiRequest('POST', '/api/escrow/dispute-messages', DisputeMessageResultSchema, {
    body: { transactionId: t.id, message } satisfies BodyOf<typeof DisputeMessageBodySchema>,
  });

export const addTransitInsurance = (t: EscrowTransaction) =>
  apiRequest('POST', '/api/escrow/insurance', InsuranceAddedSchema, {
    body: { transactionId: t.id } satisfies BodyOf<typeof InsuranceBodySchema>,
  });
