// The fee schedule a sale made now is charged: the standard one with the seller's commission an admin set, as the
// server reports it (GET /api/settings/marketplace), so the pages and the escrows the server opens never disagree.
import type { FeeSchedule } from '@app/shared';
import { useMarketplaceSettings } from '../config';

export const useFeeSchedule = (): FeeSchedule | undefined => useMarketplaceSettings().data?.fees;
