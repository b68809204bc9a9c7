// The steps a buyer or a seller takes on their escrow; each answers with where the escrow stands now.
import {
  DisputeOpenedResponseSchema, EscrowChangeResponseSchema, type AcceptTermsBodySchema, type CompleteMilestoneBodySchema,
  type EscrowTransaction, type InitiateDisputeBodySchema,
} from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

export const acceptTerms = (t: EscrowTransaction) =>
  apiRequest('POST', '/api/escrow/accept-terms', EscrowChangeResponseSchema, {
    body: { transactionId: t.id, userRole: t.role } satisfies BodyOf<typeof AcceptTermsBodySchema>,
  });

export const confirmInspection = (t: EscrowTransaction) =>
  apiRequest('POST', '/api/escrow/complete-milestone', EscrowChangeResponseSchema, {
    body: { transactionId: t.id, milestone: 'inspection_completed' } satisfies BodyOf<typeof CompleteMilestoneBodySchema>,
  });

/** A dispute as the buyer words it; the page adds which escrow it is about. */
export type Dispute = Omit<BodyOf<typeof InitiateDisputeBodySchema>, 'transactionId'>;

export const openDispute = (t: EscrowTransaction, dispute: Dispute) =>
  apiRequest('POST', '/api/escrow/initiate-dispute', DisputeOpenedResponseSchema, {
    body: { transactionId: t.id, ...dispute } satisfies BodyOf<typeof InitiateDisputeBodySchema>,
  });
