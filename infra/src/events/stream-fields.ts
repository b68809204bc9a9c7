// The Redis events stream's format, the one the writer, the relay and every reader agree on. Every committed event goes
// to one Redis stream (XADD key MAXLEN ~ N * event <json>): unlike pub/sub, a stream keeps what a briefly disconnected
// reader has not read yet. The event's own stream and seq travel inside the JSON.
import { DomainEventSchema, type DomainEvent } from '@app/shared';

export const eventsStreamKey = (redisPrefix: string) => `${redisPrefix}events`;
export const EVENTS_STREAM_MAXLEN = 100_000;
export const EVENTS_STREAM_FIELD = 'event';

/** The event an events-stream entry carries, or null when the entry does not match the contract. */
export function eventFromStreamFields(fields: string[]): DomainEvent | null {
  const at = fields.indexOf(EVENTS_STREAM_FIELD);
  if (at < 0 || at % 2 !== 0) return null;
  try {
    const parsed = DomainEventSchema.safeParse(JSON.parse(fields[at + 1] ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
