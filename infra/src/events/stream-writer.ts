// Writing committed events to the Redis events stream: the one format the API, the relay and the gateway agree on.
import type { Redis } from 'ioredis';
import type { DomainEvent } from '@app/shared';
import { EVENTS_STREAM_FIELD, EVENTS_STREAM_MAXLEN, eventsStreamKey } from './stream-fields.js';
import { raiseChatLatest } from './chat-latest.js';

export type StreamWriter = (events: DomainEvent[]) => Promise<void>;

export function redisStreamWriter(redis: Redis, redisPrefix: string): StreamWriter {
  const key = eventsStreamKey(redisPrefix);
  return async (events) => {
    if (events.length === 0) return;
    const pipeline = redis.pipeline();
    for (const e of events)
      pipeline.xadd(key, 'MAXLEN', '~', EVENTS_STREAM_MAXLEN, '*', EVENTS_STREAM_FIELD, JSON.stringify(e));
    raiseChatLatest(pipeline, redisPrefix, events);
    const results = await pipeline.exec();
    const failed = results?.find(([err]) => err);
    if (failed) throw failed[0];
  };
}
