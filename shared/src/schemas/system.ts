// Answers about the service itself: liveness, readiness, and where browsers find the gateway.
import { z } from 'zod';

export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export const ReadinessResponseSchema = z.object({ postgres: z.enum(['ok', 'down']), redis: z.enum(['ok', 'down']) });
export const ClientConfigSchema = z.object({ realtimeUrl: z.string() });
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

/** An idempotency key from a retrying client: the same key from the same user gets the first answer again. */
export const IdempotencyHeadersSchema = z.looseObject({ 'idempotency-key': z.string().min(1).max(200).optional() });
