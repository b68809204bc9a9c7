// Wherever the signed-in user is, a new notice arrives over their socket room: it shows as a toast with a way to what
// it is about, and joins the bell's list and unread count without a reload. A notice made while the socket was not
// in the room (the tab still starting, or reconnecting after a blip) is caught up when the socket (re)connects.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Notification, NotificationKind, NotificationList } from '@app/shared';
import { onServerEvent } from '../../../lib/server-events';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import { toast } from '../../../lib/toast';
import { useServerClock } from '../../../lib/server-clock';
import { notificationsQuery, notificationsQueryKey } from '../api/notifications';

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
  'saved-search': 'New match',
  offer: 'Offer',
  'reserve-lowered': 'Reserve lowered',
};

/** Notices toasted in this tab, however often its listeners are set up again (a sign-in, a remount). */
const shown = new Set<number>();

/** When this tab was opened, on the server's clock (notices carry the server's time). */
const openedAtServerMs = () => performance.timeOrigin + useServerClock.getState().offsetMs;

/** The newest notice id the tab already knows of (its list as first read), or undefined before any read. */
const newestKnown = (queryClient: QueryClient): number | undefined => {
  const list = queryClient.getQueryData<NotificationList>(notificationsQueryKey);
  return list ? (list.items[0]?.id ?? 0) : undefined;
};

export function useNotificationNotices(userId: number | undefined): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useSocketListeners(
    userId === undefined ? null : `user:${userId}`,
    (socket) => {
      // Each notice toasts once in this tab, whether it came live or by a catch-up.
      const show = (n: Notification) => {
        if (shown.has(n.id)) return;
        shown.add(n.id);
        // A fired alert already shows its own toast; an escrow step does on its own open page.
        if (n.kind === 'alert' || (n.kind === 'escrow' && window.location.pathname === n.link)) return;
        toast({
          title: TITLES[n.kind],
          description: n.text,
          topic: n.link,
          pushed: true,
          action: { label: 'View', onClick: () => void navigate(n.link) },
        });
      };
      // What the tab knew before its socket joined: unread notices newer than that were missed while it was not in
      // the room. Known at the first (re)connect from the list already read, or from the first list read then. These
      // listeners may be set up after the socket joined (their code loads after the page's), and the bell's list may
      // have been read after a notice was made and before they were: so an unread notice made since the tab opened is
      // missed too, unless it was toasted here already.
      let known = newestKnown(queryClient);
      const catchUp = () => {
        const before = known ?? newestKnown(queryClient);
        void queryClient
          .fetchQuery({ ...notificationsQuery, staleTime: 0 })
          .then((list) => {
            const newest = list.items[0]?.id ?? 0;
            if (list.unread > 0) {
              const openedAt = openedAtServerMs();
              const missed = (x: Notification) =>
                !x.read && ((before !== undefined && x.id > before) || Date.parse(x.createdAt) >= openedAt);
              // Oldest first, so the newest missed notice is the one left on screen.
              for (const n of list.items.filter(missed).reverse()) show(n);
            }
            known = Math.max(known ?? 0, newest);
          })
          // The bell's list is read again by its own query; a failed catch-up only means no toast.
          .catch(() => undefined);
      };
      if (socket.connected) catchUp();
      socket.on('connect', catchUp);
      return [
        () => socket.off('connect', catchUp),
        onServerEvent(socket, 'notification.created', ({ notification: n }) => {
          queryClient.setQueryData<NotificationList>(notificationsQueryKey, (old) =>
            old && !old.items.some((x) => x.id === n.id) ? { items: [n, ...old.items], unread: old.unread + 1 } : old,
          );
          known = Math.max(known ?? 0, n.id);
          show(n);
        }),
      ];
    },
    { asUser: true },
  );
}
