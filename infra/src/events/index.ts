export { appendEvents, appendEventsByStream, type CommittedEvent } from './append-events.js';
export { EventPublisher, publishCommitted, type WarnLogger } from './publish.js';
export { StreamReader, CLAIM_IDLE_MS, readerLeaseKey, type StreamReaderOptions } from './stream-reader.js';
export { redisStreamWriter, type StreamWriter } from './stream-writer.js';
export { chatLatestKey, raiseChatLatestNow, readChatLatest, seedChatLatest } from './chat-latest.js';
