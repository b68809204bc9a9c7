export { appendEvents, type CommittedEvent } from './append-events.js';
export { commitWithEvents, type EventDeps, type Outbox } from './commit-with-events.js';
export { EventPublisher, publishCommitted, type WarnLogger } from './publish.js';
export { StreamReader, CLAIM_IDLE_MS, readerLeaseKey, type StreamReaderOptions } from './stream-reader.js';
export { redisStreamWriter, type StreamWriter } from './stream-writer.js';
export { chatLatestKey, raiseChatLatestNow, readChatLatest, seedChatLatest } from './chat-latest.js';
export { RELAY_GRACE_MS, relayOnce, startOutboxRelay } from './outbox-relay.js';
export { readEventRanges, type SeqRange } from './read-gaps.js';
export {
  EVENTS_STREAM_FIELD,
  EVENTS_STREAM_MAXLEN,
  TRACEPARENT_STREAM_FIELD,
  eventFromStreamFields,
  eventsStreamKey,
  traceparentOfEvent,
} from './stream-fields.js';
