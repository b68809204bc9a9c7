// Answers about the service itself: liveness, readiness, and where browsers find the gateway.
import { z } from 'zod';

export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export const ReadinessResponseSchema = z.object({ postgres: z.enum(['ok', 'down']), redis: z.enum(['ok', 'down']) });
/**
 * Where browsers find the gateway: the configured public address, or (null) the page's own host on `realtimePort`, so
 * the socket carries the same host's cookies whatever name the page was opened by. Never built from request headers.
 */
export const ClientConfigSchema = z.object({
  realtimeUrl: z.string().nullable(),
  realtimePort: z.number().int().min(1).max(65535),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

/** An idempotency key from a retrying client: the same key from the same user gets the first answer again. */
export const IdempotencyHeadersSchema = z.looseObject({ 'idempotency-key': z.string().min(1).max(200).optional() });
