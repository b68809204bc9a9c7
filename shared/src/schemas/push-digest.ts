// Web push subscriptions (one per device a member opted in on) and the daily digest's setting: the wire shapes the API
// and the settings page share. An endpoint is checked again by the rule in domain/web-push.ts before it is stored.
import { z } from 'zod';
import { MAIL_KINDS } from '../constants.js';
import { PUSH_ENDPOINT_MAX_LENGTH } from '../domain/web-push.js';
import { isTimeZone } from '../domain/digest.js';

/** Base64url of exactly `bytes` bytes (unpadded length ceil(4n/3)), padding allowed: browser-safe, no Buffer. */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), `must be base64url of ${bytes} bytes`);

/** A browser's PushSubscription.toJSON(): where to send, and the keys to encrypt for (RFC 8291). */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX_LENGTH),
  keys: z.object({
    /** The device's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The device's authentication secret (16 bytes). */
    auth: base64url(16),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;
export const PushEndpointBodySchema = z.object({ endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX_LENGTH) });

/** The VAPID public key browsers subscribe with; null when push is off on this server. */
export const PushKeySchema = z.object({ publicKey: z.string().nullable() });
export const PushDevicesSchema = z.object({ devices: z.number().int().nonnegative() });

export const DigestSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The hour of the day (0-23) the digest is sent, in timeZone. */
  hour: z.number().int().min(0).max(23),
  /** An IANA time zone ("Europe/Berlin", "UTC"). */
  timeZone: z.string().min(1).max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin or UTC'),
});
export type DigestSettings = z.infer<typeof DigestSettingsSchema>;

export const MailKindSchema = z.enum(MAIL_KINDS);
/** The one-click unsubscribe (RFC 8058): the signed token is in the URL; the body, when any, is ignored. */
export const OneClickUnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(300) });
