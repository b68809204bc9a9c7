// Reads committed events from the Redis events stream through the consumer group `workers`: among several workers
// processes each event is handled by one. A batch whose handler fails stays pending and is claimed again once idle
// for 5 s, as are the entries of a workers process that died mid-batch; handlers must therefore be idempotent.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { eventFromStreamFields, eventsStreamKey, type DomainEvent } from '@app/shared';

export const WORKERS_GROUP = 'workers';
export const CLAIM_IDLE_MS = 5_000;
const BLOCK_MS = 1_000;
const READ_COUNT = 500;
const RETRY_MS = 500;

type StreamEntry = [id: string, fields: string[]];

export interface EventsConsumerOptions {
  /** A connection for commands; the consumer opens a duplicate for its blocking read and closes both on stop. */
  redis: Redis;
  prefix: string;
  logger: Logger;
  handle: (events: DomainEvent[]) => Promise<void>;
  claimIdleMs?: number;
}

export interface EventsConsumer {
  stop(): Promise<void>;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function startEventsConsumer(opts: EventsConsumerOptions): Promise<EventsConsumer> {
  const { redis, logger } = opts;
  const key = eventsStreamKey(opts.prefix);
  const consumer = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const claimIdleMs = opts.claimIdleMs ?? CLAIM_IDLE_MS;
  const reader = redis.duplicate();
  reader.on('error', (err) => logger.warn({ err: err.message }, 'events consumer: redis error'));

  const createGroup = async (from: '$' | '0') => {
    try {
      await redis.xgroup('CREATE', key, WORKERS_GROUP, from, 'MKSTREAM');
    } catch (err) {
      if (!messageOf(err).includes('BUSYGROUP')) throw err;
    }
  };
  // '$': a new group starts at new events; what came before is state the workers read from the database on start.
  await createGroup('$');

  const handle = async (entries: StreamEntry[]) => {
    if (entries.length === 0) return;
    const events = entries.map(([, fields]) => eventFromStreamFields(fields)).filter((e): e is DomainEvent => e !== null);
    // Throws on failure, leaving the batch pending for a later claim.
    if (events.length > 0) await opts.handle(events);
    await redis.xack(key, WORKERS_GROUP, ...entries.map(([id]) => id));
  };

  const claimIdle = async () => {
    let cursor = '0-0';
    do {
      const [next, entries] = (await redis.xautoclaim(key, WORKERS_GROUP, consumer, claimIdleMs, cursor, 'COUNT', READ_COUNT)) as [
        string,
        (StreamEntry | null)[],
      ];
      cursor = next;
      const live = entries.filter((e): e is StreamEntry => Array.isArray(e) && Array.isArray(e[1]));
      if (live.length > 0) logger.info({ count: live.length }, 'handling events left pending');
      await handle(live);
    } while (cursor !== '0-0' && running);
  };

  let running = true;
  let blockedInRead = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    let lastClaimAt = 0;
    while (running) {
      try {
        if (Date.now() - lastClaimAt >= claimIdleMs) {
          lastClaimAt = Date.now();
          await claimIdle();
        }
        blockedInRead = true;
        let res: [string, StreamEntry[]][] | null;
        try {
          res = (await reader.xreadgroup('GROUP', WORKERS_GROUP, consumer, 'COUNT', READ_COUNT, 'BLOCK', BLOCK_MS, 'STREAMS', key, '>')) as
            | [string, StreamEntry[]][]
            | null;
        } finally {
          blockedInRead = false;
        }
        for (const [, entries] of res ?? []) await handle(entries);
      } catch (err) {
        if (!running) return;
        const message = messageOf(err);
        logger.warn({ err: message }, 'events consumer failed; retrying');
        // A Redis that restarted without persistence has lost the group: whatever the stream holds now is new.
        if (message.includes('NOGROUP')) await createGroup('0').catch(() => {});
        await pause(RETRY_MS);
      }
    }
  })();

  return {
    async stop() {
      if (!running) return;
      running = false;
      wake?.();
      // Abort a blocking read instead of waiting it out; a batch being handled is finished and acknowledged first.
      if (blockedInRead) reader.disconnect();
      await loop;
      reader.disconnect();
      try {
        const pending = (await redis.xpending(key, WORKERS_GROUP, '-', '+', 1, consumer)) as unknown[];
        if (pending.length === 0) await redis.xgroup('DELCONSUMER', key, WORKERS_GROUP, consumer);
      } catch (err) {
        logger.warn({ err: messageOf(err) }, 'events consumer: cleanup on stop failed');
      }
      redis.disconnect();
    },
  };
}
