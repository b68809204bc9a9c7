import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminAuctionListSchema } from '@app/shared';
import { readQuery } from '../../../lib/api-client';

export const ADMIN_AUCTIONS_PATH = '/api/admin/auctions';
const auctionsUrl = (status: string, search: string, page: number) =>
  `${ADMIN_AUCTIONS_PATH}?${new URLSearchParams({ ...(status ? { status } : {}), ...(search ? { search } : {}), page: String(page) }).toString()}`;
export const useAdminAuctions = (status: string, search: string, page: number) =>
  useQuery(queryOptions({ queryKey: [auctionsUrl(status, search, page)], queryFn: readQuery(AdminAuctionListSchema) }));
