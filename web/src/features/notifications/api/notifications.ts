import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CaughtMailListSchema,
  EmailSettingsSchema,
  NotificationListSchema,
  UnreadCountSchema,
  UnsubscribedSchema,
  WatchStateSchema,
  WatchlistSchema,
  type CaughtMail,
  type EmailSettings,
  type MarkNotificationsReadBodySchema,
  type NotificationKind,
  type UnsubscribeBodySchema,
  type UpdateEmailSettingBodySchema,
} from '@app/shared';
import { apiRequest, readQuery } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

export const notificationsQueryKey = ['/api/notifications'] as const;
export const notificationsQuery = queryOptions({
  queryKey: notificationsQueryKey,
  queryFn: readQuery(NotificationListSchema),
});
export const useNotifications = (enabled: boolean) => useQuery({ ...notificationsQuery, enabled });

export const markNotificationsRead = (upToId: number) =>
  apiRequest('POST', '/api/notifications/read', UnreadCountSchema, {
    body: { upToId } satisfies BodyOf<typeof MarkNotificationsReadBodySchema>,
  });

export const watchlistQueryKey = ['/api/watchlist'] as const;
export const useWatchlist = (enabled: boolean) =>
  useQuery({ queryKey: watchlistQueryKey, queryFn: readQuery(WatchlistSchema), enabled });

export const setWatching = (auctionId: number, watching: boolean) =>
  apiRequest(watching ? 'POST' : 'DELETE', `/api/watchlist/${auctionId}`, WatchStateSchema);

export const emailSettingsQueryKey = ['/api/settings/email'] as const;
export const useEmailSettings = (enabled: boolean) =>
  useQuery({ queryKey: emailSettingsQueryKey, queryFn: readQuery(EmailSettingsSchema), enabled });

export const setEmailSetting = (kind: NotificationKind, email: boolean): Promise<EmailSettings> =>
  apiRequest('PATCH', '/api/settings/email', EmailSettingsSchema, {
    body: { kind, email } satisfies BodyOf<typeof UpdateEmailSettingBodySchema>,
  });

export const unsubscribe = (token: string) =>
  apiRequest('POST', '/api/notifications/unsubscribe', UnsubscribedSchema, {
    body: { token } satisfies BodyOf<typeof UnsubscribeBodySchema>,
  });

export const useCaughtMails = () =>
  useQuery<CaughtMail[]>({
    queryKey: ['/api/admin/mail'],
    queryFn: readQuery(CaughtMailListSchema),
    refetchInterval: 5000,
  });
