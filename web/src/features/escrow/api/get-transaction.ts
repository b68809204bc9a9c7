import { queryOptions, useQuery } from '@tanstack/react-query';
import { EscrowTransactionSchema } from '@app/shared';
import { readQuery } from '../../../lib/api-client';

export const escrowTransactionQueryKey = (auctionId: number) => [`/api/escrow/transaction/${auctionId}`] as const;

export const escrowTransactionQuery = (auctionId: number) =>
  queryOptions({ queryKey: escrowTransactionQueryKey(auctionId), queryFn: readQuery(EscrowTransactionSchema) });

export const useEscrowTransaction = (auctionId: number, enabled: boolean) =>
  useQuery({ ...escrowTransactionQuery(auctionId), enabled });
