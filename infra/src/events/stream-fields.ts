// The Redis events stream's format, the one the writer, the relay and every reader agree on. Every committed event goes
// to one Redis stream (XADD key MAXLEN ~ N * event <json>): unlike pub/sub, a stream keeps what a briefly disconnected
// reader has not read yet. The event's own stream and seq travel inside the JSON; the trace it is published in, when
// tracing is on, in a field of its own beside it (never in the event, which browsers receive).
import { DomainEventSchema, type DomainEvent } from '@app/shared';

export const eventsStreamKey = (redisPrefix: string) => `${redisPrefix}events`;
export const EVENTS_STREAM_MAXLEN = 100_000;
export const EVENTS_STREAM_FIELD = 'event';
export const TRACEPARENT_STREAM_FIELD = 'traceparent';

/** The traceparent of the entry each event was read from; the readers' handlers start their spans from it. */
const readFromTrace = new WeakMap<DomainEvent, string>();

/** The trace an event read from the stream was published in (unchecked here: contextFromTraceparent validates it). */
export const traceparentOfEvent = (event: DomainEvent): string | undefined => readFromTrace.get(event);

/** The event an events-stream entry carries, or null when the entry does not match the contract. */
export function eventFromStreamFields(fields: string[]): DomainEvent | null {
  const at = fields.indexOf(EVENTS_STREAM_FIELD);
  if (at < 0 || at % 2 !== 0) return null;
  try {
    const parsed = DomainEventSchema.safeParse(JSON.parse(fields[at + 1] ?? ''));
    if (!parsed.success) return null;
    const tp = fields.indexOf(TRACEPARENT_STREAM_FIELD);
    const traceparent = tp >= 0 && tp % 2 === 0 ? fields[tp + 1] : undefined;
    // Bounded before it is kept: a traceparent is 55 characters.
    if (traceparent && traceparent.length <= 64) readFromTrace.set(parsed.data, traceparent);
    return parsed.data;
  } catch {
    return null;
  }
}
