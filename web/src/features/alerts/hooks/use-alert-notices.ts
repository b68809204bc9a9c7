import { useQueryClient } from '@tanstack/react-query';
import { ALERT_TOAST_DURATION_MS } from '@app/shared';
import { onServerEvent } from '../../../lib/server-events';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import { toast } from '../../../lib/toast';
import { bidAlertsQueryKey } from '../api/bid-alerts';

/** Wherever the signed-in user is, a fired bid alert shows as the spec's 'Bid Alert' toast for 10 seconds. */
export function useAlertNotices(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useSocketListeners(
    userId === undefined ? null : `user:${userId}`,
    (socket) => [
      onServerEvent(socket, 'alert.fired', (e) => {
        toast({ title: 'Bid Alert', description: e.text, durationMs: ALERT_TOAST_DURATION_MS });
        void queryClient.invalidateQueries({ queryKey: bidAlertsQueryKey });
      }),
    ],
    { asUser: true },
  );
}
