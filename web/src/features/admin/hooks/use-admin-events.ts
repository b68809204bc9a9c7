// An admin's open portal follows the admins' stream: a new submission, another admin's decision, setting or change to a
// member refreshes the lists.
import { useQueryClient } from '@tanstack/react-query';
import { onServerEvent } from '../../../lib/server-events';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import { adminEscrowsQueryKey } from '../api/admin-escrows';
import { overviewQueryKey } from '../api/get-overview';
import { pendingAuctionsQueryKey } from '../api/pending-auctions';
import { adminSettingsQueryKey } from '../api/admin-settings';
import { ADMIN_USERS_PATH } from '../api/admin-users';

const PORTAL_LISTS = [pendingAuctionsQueryKey, overviewQueryKey, adminEscrowsQueryKey];

export function useAdminEvents(adminId: number | undefined): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const queryKey of PORTAL_LISTS) void queryClient.invalidateQueries({ queryKey });
  };
  useSocketListeners(
    adminId === undefined ? null : `admin:${adminId}`,
    (socket) => [
      onServerEvent(socket, 'auction.submitted', refresh),
      onServerEvent(socket, 'auction.reviewed', refresh),
      onServerEvent(socket, 'admin.changed', (e) => {
        if (e.what === 'settings') void queryClient.invalidateQueries({ queryKey: adminSettingsQueryKey });
        else
          void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(ADMIN_USERS_PATH) });
        void queryClient.invalidateQueries({ queryKey: overviewQueryKey });
      }),
    ],
    { asUser: true },
  );
}
