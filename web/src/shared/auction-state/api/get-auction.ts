import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuctionDetailSchema } from '@app/shared';
import { readQuery } from '../../../lib/api-client';

export const auctionQueryKey = (auctionId: number) => [`/api/auctions/${auctionId}`] as const;

export const auctionQuery = (auctionId: number) =>
  queryOptions({ queryKey: auctionQueryKey(auctionId), queryFn: readQuery(AuctionDetailSchema) });

export const useAuction = (auctionId: number, enabled: boolean) => useQuery({ ...auctionQuery(auctionId), enabled });
