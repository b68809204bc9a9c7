// Wherever the signed-in user is, a new notice arrives over their socket room: it shows as a toast with a way to what
// it is about, and joins the bell's list and unread count without a reload.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { NotificationKind, NotificationList } from '@app/shared';
import { onServerEvent } from '../../../lib/server-events';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import { toast } from '../../../lib/toast';
import { notificationsQueryKey } from '../api/notifications';

const TITLES: Record<NotificationKind, string> = {
  outbid: 'Outbid',
  won: 'You won',
  sold: 'Sold',
  'reserve-not-met': 'Reserve not met',
  unsold: 'Auction ended',
  'watch-ending': 'Ending soon',
  'watch-ended': 'Auction ended',
  alert: 'Bid Alert',
  escrow: 'Escrow',
};

export function useNotificationNotices(userId: number | undefined): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useSocketListeners(
    userId === undefined ? null : `user:${userId}`,
    (socket) => [
      onServerEvent(socket, 'notification.created', ({ notification: n }) => {
        queryClient.setQueryData<NotificationList>(notificationsQueryKey, (old) =>
          old && !old.items.some((x) => x.id === n.id) ? { items: [n, ...old.items], unread: old.unread + 1 } : old,
        );
        // A fired alert already shows its own toast; an escrow step does on its own open page.
        if (n.kind === 'alert' || (n.kind === 'escrow' && window.location.pathname === n.link)) return;
        toast({
          title: TITLES[n.kind],
          description: n.text,
          topic: n.link,
          action: { label: 'View', onClick: () => void navigate(n.link) },
        });
      }),
    ],
    { asUser: true },
  );
}
