// A fixed-window counter in Redis, shared by every API process: the (limit+1)th call in a window gets 429.
import type { Redis } from 'ioredis';
import { TooManyRequests } from '../domain-errors.js';

export async function assertWithinRate(redis: Redis, key: string, limit: number, windowSeconds: number, message: string): Promise<void> {
  const results = await redis.pipeline().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec();
  const count = Number(results?.[0]?.[1] ?? 0);
  if (count > limit) throw new TooManyRequests(message, Number(results?.[2]?.[1] ?? windowSeconds));
}
