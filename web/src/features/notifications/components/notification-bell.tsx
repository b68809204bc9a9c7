import { Link } from 'react-router';
import { Popover } from 'radix-ui';
import { Bell } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { relativeTime, type NotificationList } from '@app/shared';
import { useMe } from '../../../shared/session';
import { markNotificationsRead, notificationsQueryKey, useNotifications } from '../api/notifications';

/** The header's bell: how many notices are unread, and the list, which marks them read when it is opened. */
export function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const signedIn = Boolean(useMe().data?.user);
  const list = useNotifications(signedIn);
  const queryClient = useQueryClient();
  if (!signedIn) return null;
  const items = list.data?.items ?? [];
  const unread = list.data?.unread ?? 0;

  const onOpenChange = (open: boolean) => {
    const newest = items[0];
    if (!open || !newest || unread === 0) return;
    // Seen: everything up to the newest shown is read (the dots stay until the list is opened again).
    void markNotificationsRead(newest.id).then(({ unread: left }) =>
      queryClient.setQueryData<NotificationList>(notificationsQueryKey, (old) =>
        old ? { ...old, unread: left } : old,
      ),
    );
  };

  return (
    <Popover.Root onOpenChange={onOpenChange}>
      <Popover.Trigger className="relative rounded-md p-2 text-white hover:bg-white/10" data-testid="notification-bell">
        {/* Named by its content, so the name holds the count a sighted user sees: "Notifications 3 unread". */}
        <Bell className="h-5 w-5" aria-hidden />
        <span className="sr-only">Notifications </span>
        {unread > 0 && (
          <>
            <span
              className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white"
              data-testid="unread-count"
            >
              {unread > 99 ? '99+' : unread}
            </span>
            <span className="sr-only"> unread</span>
          </>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white shadow-xl"
          data-testid="notification-list"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
            <p className="font-semibold">Notifications</p>
            <Link to="/settings/notifications" onClick={onNavigate} className="text-xs text-brand-600 hover:underline">
              Email settings
            </Link>
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">No notifications yet</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {items.map((n) => (
                <li key={n.id}>
                  <Popover.Close asChild>
                    <Link
                      to={n.link}
                      onClick={onNavigate}
                      className="flex gap-2 px-4 py-3 text-sm hover:bg-slate-50"
                      data-testid="notification-item"
                    >
                      <span
                        className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-brand-600'}`}
                        aria-hidden
                      />
                      <span>
                        <span className="block text-slate-900">{n.text}</span>
                        <span className="block text-xs text-slate-500">{relativeTime(n.createdAt)}</span>
                      </span>
                    </Link>
                  </Popover.Close>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
