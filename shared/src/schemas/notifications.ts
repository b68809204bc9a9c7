// Notices, the watchlist, email settings and the development mail catcher: the wire shapes the API, the workers and
// the pages share.
import { z } from 'zod';
import { MAIL_KINDS, NOTIFICATION_KINDS } from '../constants.js';
import { IdSchema, IsoDateSchema } from './common.js';

export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: NotificationKindSchema,
  auctionId: z.number().int().nullable(),
  text: z.string(),
  /** A path inside the site: the listing, or the transaction of a sale. */
  link: z.string(),
  createdAt: IsoDateSchema,
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  unread: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** Marks every notice up to this id read (the ones the user has seen in the list). */
export const MarkNotificationsReadBodySchema = z.object({ upToId: IdSchema });
export const UnreadCountSchema = z.object({ unread: z.number().int().nonnegative() });

export const WatchlistSchema = z.object({ auctionIds: z.array(z.number().int()) });
export const WatchStateSchema = z.object({ auctionId: z.number().int(), watching: z.boolean() });

export const EmailSettingsSchema = z.object({ email: z.record(NotificationKindSchema, z.boolean()) });
export type EmailSettings = z.infer<typeof EmailSettingsSchema>;
export const UpdateEmailSettingBodySchema = z.object({ kind: NotificationKindSchema, email: z.boolean() });

/** An unsubscribe link's token: `{userId}.{kind}.{signature}` (kind: a notice kind or `digest`), checked by the API with the shared key. */
export const UnsubscribeBodySchema = z.object({ token: z.string().min(1).max(300) });
export const UnsubscribedSchema = z.object({ kind: z.enum(MAIL_KINDS), email: z.literal(false) });

export const CaughtMailSchema = z.object({
  id: z.number().int(),
  messageId: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  receivedAt: IsoDateSchema,
  unsubscribeUrl: z.string().nullable(),
});
export type CaughtMail = z.infer<typeof CaughtMailSchema>;
export const CaughtMailListSchema = z.array(CaughtMailSchema);
