// An admin's open portal follows the admins' stream: a new submission or another admin's decision refreshes the lists.
import { useQueryClient } from '@tanstack/react-query';
import { onServerEvent } from '../../../lib/server-events';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import { adminEscrowsQueryKey } from '../api/admin-escrows';
import { overviewQueryKey } from '../api/get-overview';
import { pendingAuctionsQueryKey } from '../api/pending-auctions';

const PORTAL_LISTS = [pendingAuctionsQueryKey, overviewQueryKey, adminEscrowsQueryKey];

export function useAdminEvents(adminId: number | undefined): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const queryKey of PORTAL_LISTS) void queryClient.invalidateQueries({ queryKey });
  };
  useSocketListeners(adminId === undefined ? null : `admin:${adminId}`, (socket) => [
    onServerEvent(socket, 'auction.submitted', refresh),
    onServerEvent(socket, 'auction.reviewed', refresh),
  ], { asUser: true });
}
