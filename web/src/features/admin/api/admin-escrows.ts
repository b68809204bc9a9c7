// The escrow queue, and the steps an admin takes on an escrow: verify or reject documents, release, mediate disputes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AdminDisputeResultSchema,
  AdminEscrowListSchema,
  EscrowChangeResponseSchema,
  type AdminDisputeBodySchema,
  type AdminDocumentReviewBodySchema,
  type AdminEscrowActionBodySchema,
} from '@app/shared';
import { apiRequest, readQuery } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

export const adminEscrowsQueryKey = ['/api/admin/escrows'] as const;

/** Parties' steps do not reach the admins' room, so the queue looks again every few seconds. */
export const useAdminEscrows = () =>
  useQuery(
    queryOptions({ queryKey: adminEscrowsQueryKey, queryFn: readQuery(AdminEscrowListSchema), refetchInterval: 3000 }),
  );

export type AdminEscrowAction = BodyOf<typeof AdminEscrowActionBodySchema>['action'];

export const takeEscrowAction = (escrowId: number, action: AdminEscrowAction) =>
  apiRequest('POST', `/api/admin/escrows/${escrowId}/actions`, EscrowChangeResponseSchema, {
    body: { action } satisfies BodyOf<typeof AdminEscrowActionBodySchema>,
  });

export const reviewDocument = (
  escrowId: number,
  documentId: number,
  review: BodyOf<typeof AdminDocumentReviewBodySchema>,
) =>
  apiRequest('POST', `/api/admin/escrows/${escrowId}/documents/${documentId}/review`, EscrowChangeResponseSchema, {
    body: review,
  });

export type DisputeStep = BodyOf<typeof AdminDisputeBodySchema>;

export const mediateDispute = (escrowId: number, step: DisputeStep) =>
  apiRequest('POST', `/api/admin/escrows/${escrowId}/dispute`, AdminDisputeResultSchema, { body: step });
