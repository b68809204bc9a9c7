// The escrow queue, and the steps an admin takes on an escrow until a payment provider does.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminEscrowListSchema, EscrowChangeResponseSchema, type AdminEscrow } from '@app/shared';
import { apiRequest, readQuery } from '../../../lib/api-client';

export const adminEscrowsQueryKey = ['/api/admin/escrows'] as const;

export const useAdminEscrows = () => useQuery(queryOptions({ queryKey: adminEscrowsQueryKey, queryFn: readQuery(AdminEscrowListSchema) }));

export type AdminEscrowAction = AdminEscrow['nextActions'][number];

export const takeEscrowAction = (escrowId: number, action: AdminEscrowAction) =>
  apiRequest('POST', `/api/admin/escrows/${escrowId}/actions`, EscrowChangeResponseSchema, { body: { action } });
