// Writing committed events to the Redis events stream: the one format the API, the relay and the gateway agree on.
import type { Redis } from 'ioredis';
import type { DomainEvent } from '@app/shared';
import {
  EVENTS_STREAM_FIELD,
  EVENTS_STREAM_MAXLEN,
  TRACEPARENT_STREAM_FIELD,
  eventsStreamKey,
} from './stream-fields.js';
import { raiseChatLatest } from './chat-latest.js';

/** Writes events in order; `traceparents[i]`, when given, is the trace event i is published in (stream-fields.ts). */
export type StreamWriter = (events: DomainEvent[], traceparents?: readonly (string | undefined)[]) => Promise<void>;

export function redisStreamWriter(redis: Redis, redisPrefix: string): StreamWriter {
  const key = eventsStreamKey(redisPrefix);
  return async (events, traceparents) => {
    if (events.length === 0) return;
    const pipeline = redis.pipeline();
    events.forEach((e, i) => {
      const tp = traceparents?.[i];
      const fields = [EVENTS_STREAM_FIELD, JSON.stringify(e), ...(tp ? [TRACEPARENT_STREAM_FIELD, tp] : [])];
      pipeline.xadd(key, 'MAXLEN', '~', EVENTS_STREAM_MAXLEN, '*', ...fields);
    });
    raiseChatLatest(pipeline, redisPrefix, events);
    const results = await pipeline.exec();
    const failed = results?.find(([err]) => err);
    if (failed) throw failed[0];
  };
}
