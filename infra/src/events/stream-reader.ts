// Reads committed events from the Redis events stream through a consumer group, for the gateway (which emits them to
// sockets) and for the workers (which schedule closes and check alerts). Among the processes of one group each entry
// is handled once. Delivery is at least once: a batch whose handler fails stays pending, and entries left pending
// longer than claimIdleMs (a handler that failed, a process that died mid-batch) are claimed again, so handlers must be
// idempotent and readers drop a seq they have already seen.
//
// `exclusive`: one process of the group reads at a time, elected by a short lease in Redis. The gateway needs it:
// if several gateways read the group at once, consecutive events of one stream would be split between them and could
// reach sockets out of order. The others wait, ready to take over; a new reader first claims whatever its predecessor
// read but never acknowledged.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { DomainEvent } from '@app/shared';
import { eventFromStreamFields, eventsStreamKey, traceparentOfEvent } from './stream-fields.js';
import { SpanKind, inSpan } from '../tracing/spans.js';

export const CLAIM_IDLE_MS = 5_000;
/** Renewed at least every RENEW_MS by the read loop, whose longest wait is one BLOCK_MS read. */
const LEASE_MS = 3_000;
/** Under load a pass takes milliseconds: the lease is checked before a read only if this long has passed since. */
const RENEW_MS = LEASE_MS / 3;
/**
 * A batch read less than this long after the lease was last extended (counted from when that was asked) was read under
 * it: the lease cannot have expired and been taken meanwhile, so the batch needs no check of its own. A reader frozen
 * during its read wakes later than this and checks.
 */
const SURELY_HELD_MS = LEASE_MS - 1_000;
const BLOCK_MS = 1_000;
const READ_COUNT = 500;
const RETRY_MS = 500;

type StreamEntry = [id: string, fields: string[]];

/** The key of an exclusive group's lease: it exists while one of the group's processes holds it and reads. */
export const readerLeaseKey = (prefix: string, group: string) => `${prefix}${group}-reader`;

/** Extend the lease if this consumer holds it, take it if it is free; 1 = held, 2 = just taken, 0 = someone else's. */
const HOLD_LEASE = `
  if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
  if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 2 end
  return 0`;
const RELEASE_LEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export interface StreamReaderLogger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
}

export interface StreamReaderOptions {
  /** A connection for commands; the reader opens its own duplicate for the blocking read and closes both on stop. */
  redis: Redis;
  prefix: string;
  group: string;
  logger: StreamReaderLogger;
  /** Throwing leaves the batch pending, to be claimed again after claimIdleMs. */
  handle: (events: DomainEvent[]) => Promise<void> | void;
  exclusive?: boolean;
  claimIdleMs?: number;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class StreamReader {
  readonly consumer = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly redis: Redis;
  private readonly reader: Redis;
  private readonly key: string;
  private readonly leaseKey: string;
  private readonly claimIdleMs: number;
  private running = false;
  private leader = false;
  private heldAt = 0;
  /** When the request that last extended the lease was sent: the lease lasts LEASE_MS from a moment after it. */
  private askedAt = 0;
  /** The latest XACK sent, not waited for by the read loop (stop waits for it). */
  private acking: Promise<unknown> = Promise.resolve();
  private blockedInRead = false;
  private lastClaimAt = 0;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly opts: StreamReaderOptions) {
    this.redis = opts.redis;
    this.key = eventsStreamKey(opts.prefix);
    this.leaseKey = readerLeaseKey(opts.prefix, opts.group);
    this.claimIdleMs = opts.claimIdleMs ?? CLAIM_IDLE_MS;
    this.reader = opts.redis.duplicate();
    this.reader.on('error', (err) =>
      opts.logger.warn({ err: err.message, group: opts.group }, 'events stream reader: redis error'),
    );
  }

  /** For an exclusive reader: whether this process holds the lease now. A shared reader always reads. */
  get isReader(): boolean {
    return this.opts.exclusive ? this.leader : this.running;
  }

  async start(): Promise<void> {
    // '$': a new group starts at new events; what came before is state every reader can read from the database.
    await this.createGroup('$');
    this.running = true;
    this.loop = this.run();
  }

  private async createGroup(from: '$' | '0'): Promise<void> {
    try {
      await this.redis.xgroup('CREATE', this.key, this.opts.group, from, 'MKSTREAM');
    } catch (err) {
      if (!messageOf(err).includes('BUSYGROUP')) throw err;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const leaseFresh = this.leader && Date.now() - this.heldAt < RENEW_MS;
        if (this.opts.exclusive && !leaseFresh && !(await this.holdLease())) {
          await this.pause(RETRY_MS);
          continue;
        }
        if (Date.now() - this.lastClaimAt >= this.claimIdleMs) await this.claimPending(this.claimIdleMs);
        this.blockedInRead = true;
        let res: [string, StreamEntry[]][] | null;
        try {
          res = (await this.reader.xreadgroup(
            'GROUP',
            this.opts.group,
            this.consumer,
            'COUNT',
            READ_COUNT,
            'BLOCK',
            BLOCK_MS,
            'STREAMS',
            this.key,
            '>',
          )) as [string, StreamEntry[]][] | null;
        } finally {
          this.blockedInRead = false;
        }
        // A reader frozen during its read (SIGSTOP, a long pause) may wake to a batch whose lease another process has
        // taken since, with these very entries claimed and handled: it hands them over instead of handling them twice.
        // One that read well within its lease skips that check (one Redis call per batch less).
        const surelyHeld = Date.now() - this.askedAt < SURELY_HELD_MS;
        if (this.opts.exclusive && res && !surelyHeld && !(await this.holdLease())) continue;
        for (const [, entries] of res ?? []) await this.handle(entries);
      } catch (err) {
        if (!this.running) return;
        // Unsure whether the lease survived: act as a new reader next time, which re-claims what is pending.
        this.leader = false;
        const message = messageOf(err);
        this.opts.logger.warn({ err: message, group: this.opts.group }, 'events stream read failed; retrying');
        // A Redis that restarted without persistence has lost the group: whatever the stream holds now is new.
        if (message.includes('NOGROUP')) await this.createGroup('0').catch(() => {});
        await this.pause(RETRY_MS);
      }
    }
  }

  /** Takes or keeps the lease; a reader that just took it first claims everything its predecessor left pending. */
  private async holdLease(): Promise<boolean> {
    const wasLeader = this.leader;
    const askedAt = Date.now();
    this.leader = Number(await this.redis.eval(HOLD_LEASE, 1, this.leaseKey, this.consumer, LEASE_MS)) !== 0;
    if (!this.leader) {
      if (wasLeader) this.opts.logger.warn({ group: this.opts.group }, 'lost the events stream reader lease');
      return false;
    }
    this.heldAt = Date.now();
    this.askedAt = askedAt;
    if (!wasLeader) {
      this.opts.logger.info({ consumer: this.consumer, group: this.opts.group }, 'reading the events stream');
      await this.claimPending(0);
    }
    return true;
  }

  /** Takes over entries pending longer than minIdleMs (any consumer's, this one's included) and handles them. */
  private async claimPending(minIdleMs: number): Promise<void> {
    let cursor = '0-0';
    do {
      const [next, entries] = (await this.redis.xautoclaim(
        this.key,
        this.opts.group,
        this.consumer,
        minIdleMs,
        cursor,
        'COUNT',
        READ_COUNT,
      )) as [string, (StreamEntry | null)[]];
      cursor = next;
      // Entries trimmed from the stream while pending come back empty (or not at all); there is nothing left to handle.
      const live = entries.filter((e): e is StreamEntry => Array.isArray(e) && Array.isArray(e[1]));
      if (live.length > 0)
        this.opts.logger.info(
          { count: live.length, minIdleMs, group: this.opts.group },
          'handling events left pending',
        );
      await this.handle(live);
    } while (cursor !== '0-0' && this.running);
    this.lastClaimAt = Date.now();
  }

  private async handle(entries: StreamEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const events: DomainEvent[] = [];
    for (const [id, fields] of entries) {
      const event = eventFromStreamFields(fields);
      if (event) events.push(event);
      else
        this.opts.logger.warn(
          { id, group: this.opts.group },
          'dropped an events stream entry that does not match the contract',
        );
    }
    // The handler runs in the trace of the batch's first event (the others are linked): what it does for that event (a
    // notice, its mail job) continues the trace that published it.
    if (events.length > 0)
      await inSpan(
        'events read',
        {
          kind: SpanKind.CONSUMER,
          for: events.map(traceparentOfEvent),
          attributes: {
            'messaging.consumer.group.name': this.opts.group,
            'messaging.batch.message_count': events.length,
          },
        },
        async () => this.opts.handle(events),
      );
    // Not waited for: the next read goes out at once. An acknowledgement that is lost leaves its entries pending, to be
    // claimed and handled again (delivery is at least once).
    this.acking = this.redis
      .xack(this.key, this.opts.group, ...entries.map(([id]) => id))
      .catch((err: unknown) =>
        this.opts.logger.warn({ err: messageOf(err), group: this.opts.group }, 'events stream acknowledgement failed'),
      );
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Finishes the batch in hand, hands the lease over at once and closes both connections. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    // Abort a blocking read rather than wait it out: anything it had taken stays pending and the next reader claims it.
    if (this.blockedInRead) this.reader.disconnect();
    await this.loop;
    await this.acking;
    this.reader.disconnect();
    try {
      if (this.leader) await this.redis.eval(RELEASE_LEASE, 1, this.leaseKey, this.consumer);
      // A consumer with nothing pending can leave the group; one with pending entries stays until they are claimed.
      const pending = (await this.redis.xpending(this.key, this.opts.group, '-', '+', 1, this.consumer)) as unknown[];
      if (pending.length === 0) await this.redis.xgroup('DELCONSUMER', this.key, this.opts.group, this.consumer);
    } catch (err) {
      this.opts.logger.warn(
        { err: messageOf(err), group: this.opts.group },
        'events stream reader: cleanup on stop failed',
      );
    }
    this.leader = false;
    this.redis.disconnect();
  }
}
