// Reads committed events from the Redis events stream and hands them to the emitter, which reaches the sockets of every
// gateway process through the adapter.
//
// Why one reader at a time: gateways share the consumer group `gateway`, so each entry is handled once; but if several
// processes read the group at once, consecutive events of one auction would be split between them and could reach the
// sockets out of seq order. A short lease in Redis elects the reader; the other gateways wait, ready to take over.
// The group remembers delivery: a new reader first claims whatever its predecessor read but never acknowledged, and the
// reader claims every few seconds entries left pending longer than 5 s (an acknowledgement lost to a Redis blip, a
// consumer that died without handing the lease over). Delivery is at least once; browsers drop an event whose seq they
// already have.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { eventFromStreamFields, eventsStreamKey, type DomainEvent } from '@app/shared';

export const GATEWAY_GROUP = 'gateway';
export const CLAIM_IDLE_MS = 5_000;
/** Renewed on every pass of the read loop, whose longest wait is one BLOCK_MS read. */
const LEASE_MS = 3_000;
const BLOCK_MS = 1_000;
const READ_COUNT = 500;
const RETRY_MS = 500;

type StreamEntry = [id: string, fields: string[]];

/** Extend the lease if this consumer holds it, take it if it is free; 1 = held, 2 = just taken, 0 = someone else's. */
const HOLD_LEASE = `
  if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
  if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 2 end
  return 0`;
const RELEASE_LEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export interface EventRelayOptions {
  /** A connection for commands; the relay opens its own duplicate for the blocking read and closes both on stop. */
  redis: Redis;
  prefix: string;
  emit: (event: DomainEvent) => void;
  logger: Logger;
  claimIdleMs?: number;
}

export class EventRelay {
  readonly consumer = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly redis: Redis;
  private readonly reader: Redis;
  private readonly key: string;
  private readonly leaseKey: string;
  private readonly claimIdleMs: number;
  private running = false;
  private leader = false;
  private blockedInRead = false;
  private lastClaimAt = 0;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly opts: EventRelayOptions) {
    this.redis = opts.redis;
    this.key = eventsStreamKey(opts.prefix);
    this.leaseKey = `${opts.prefix}gateway-reader`;
    this.claimIdleMs = opts.claimIdleMs ?? CLAIM_IDLE_MS;
    this.reader = opts.redis.duplicate();
    this.reader.on('error', (err) => opts.logger.warn({ err: err.message }, 'events stream reader: redis error'));
  }

  get isReader(): boolean {
    return this.leader;
  }

  async start(): Promise<void> {
    // '$': a new group starts at new events; older ones were delivered before this deployment existed.
    await this.createGroup('$');
    this.running = true;
    this.loop = this.run();
  }

  private async createGroup(from: '$' | '0'): Promise<void> {
    try {
      await this.redis.xgroup('CREATE', this.key, GATEWAY_GROUP, from, 'MKSTREAM');
    } catch (err) {
      if (!(err instanceof Error && err.message.includes('BUSYGROUP'))) throw err;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const wasLeader = this.leader;
        this.leader = Number(await this.redis.eval(HOLD_LEASE, 1, this.leaseKey, this.consumer, LEASE_MS)) !== 0;
        if (!this.leader) {
          if (wasLeader) this.opts.logger.warn('lost the events stream reader lease');
          await this.pause(RETRY_MS);
          continue;
        }
        if (!wasLeader) {
          this.opts.logger.info({ consumer: this.consumer }, 'reading the events stream');
          // Whatever a previous reader took but never acknowledged comes first, in stream order.
          await this.claimPending(0);
        } else if (Date.now() - this.lastClaimAt >= this.claimIdleMs) {
          await this.claimPending(this.claimIdleMs);
        }
        this.blockedInRead = true;
        let res: [string, StreamEntry[]][] | null;
        try {
          res = (await this.reader.xreadgroup(
            'GROUP', GATEWAY_GROUP, this.consumer, 'COUNT', READ_COUNT, 'BLOCK', BLOCK_MS, 'STREAMS', this.key, '>',
          )) as [string, StreamEntry[]][] | null;
        } finally {
          this.blockedInRead = false;
        }
        for (const [, entries] of res ?? []) await this.handle(entries);
      } catch (err) {
        if (!this.running) return;
        // Unsure whether the lease survived: act as a new reader next time, which re-claims what is pending.
        this.leader = false;
        const message = err instanceof Error ? err.message : String(err);
        this.opts.logger.warn({ err: message }, 'events stream read failed; retrying');
        // A Redis that restarted without persistence has lost the group: whatever the stream holds now is new.
        if (message.includes('NOGROUP')) await this.createGroup('0').catch(() => {});
        await this.pause(RETRY_MS);
      }
    }
  }

  /** Takes over entries pending longer than minIdleMs (any consumer's, this one's included) and relays them. */
  private async claimPending(minIdleMs: number): Promise<void> {
    let cursor = '0-0';
    do {
      const [next, entries] = (await this.redis.xautoclaim(this.key, GATEWAY_GROUP, this.consumer, minIdleMs, cursor, 'COUNT', READ_COUNT)) as [
        string,
        (StreamEntry | null)[],
      ];
      cursor = next;
      // Entries trimmed from the stream while pending come back empty (or not at all); there is nothing left to relay.
      const live = entries.filter((e): e is StreamEntry => Array.isArray(e) && Array.isArray(e[1]));
      if (live.length > 0) this.opts.logger.info({ count: live.length, minIdleMs }, 'relaying events left pending');
      await this.handle(live);
    } while (cursor !== '0-0' && this.running);
    this.lastClaimAt = Date.now();
  }

  private async handle(entries: StreamEntry[]): Promise<void> {
    if (entries.length === 0) return;
    for (const [id, fields] of entries) {
      const event = eventFromStreamFields(fields);
      if (event) this.opts.emit(event);
      else this.opts.logger.warn({ id }, 'dropped an events stream entry that does not match the contract');
    }
    await this.redis.xack(this.key, GATEWAY_GROUP, ...entries.map(([id]) => id));
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
    this.reader.disconnect();
    try {
      if (this.leader) await this.redis.eval(RELEASE_LEASE, 1, this.leaseKey, this.consumer);
      // A consumer with nothing pending can leave the group; one with pending entries stays until they are claimed.
      const pending = (await this.redis.xpending(this.key, GATEWAY_GROUP, '-', '+', 1, this.consumer)) as unknown[];
      if (pending.length === 0) await this.redis.xgroup('DELCONSUMER', this.key, GATEWAY_GROUP, this.consumer);
    } catch (err) {
      this.opts.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'events stream reader: cleanup on stop failed');
    }
    this.leader = false;
    this.redis.disconnect();
  }
}
