// After commit, committed events go to the Redis events stream, in order per auction; the outbox row is then marked sent.
// If Redis is down the row stays unsent and the workers' relay publishes it, so no committed event is lost.
import type { Redis } from 'ioredis';
import type { Sql } from 'postgres';
import type { FastifyBaseLogger } from 'fastify';

import { redisStreamWriter, type CommittedEvent, type StreamWriter } from '@app/infra';

export type { CommittedEvent };

const MARK_EVERY_MS = 20;

export class EventPublisher {
  private readonly chains = new Map<string, Promise<void>>();
  private pendingMarks: number[] = [];
  private markTimer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();
  writer: StreamWriter;

  constructor(
    private readonly sql: Sql,
    redis: Redis,
    redisPrefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.writer = redisStreamWriter(redis, redisPrefix);
  }

  /**
   * Queue committed events for publication. Callers pass them in commit order; chaining per key keeps that order
   * even when two commits for the same auction finish their publish at different speeds.
   */
  publish(key: string, events: CommittedEvent[]): void {
    if (events.length === 0) return;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous.then(() => this.write(events));
    this.chains.set(key, next);
    this.inFlight.add(next);
    void next.finally(() => {
      this.inFlight.delete(next);
      if (this.chains.get(key) === next) this.chains.delete(key);
    });
  }

  private async write(events: CommittedEvent[]): Promise<void> {
    try {
      await this.writer(events.map((e) => e.event));
    } catch (err) {
      this.log.warn({ err: (err as Error).message, count: events.length }, 'event publish failed; the relay will retry');
      return;
    }
    for (const e of events) this.pendingMarks.push(e.outboxId);
    this.markTimer ??= setTimeout(() => void this.flushMarks(), MARK_EVERY_MS);
  }

  /** Marking sent is batched: one UPDATE for everything published in the last few milliseconds. */
  private async flushMarks(): Promise<void> {
    this.markTimer = undefined;
    const ids = this.pendingMarks;
    this.pendingMarks = [];
    if (ids.length === 0) return;
    try {
      await this.sql`update outbox set published_at = now() where id = any(${ids}::bigint[]) and published_at is null`;
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'could not mark events published; the relay may send them again');
    }
  }

  /** Finish what is queued (used on shutdown). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    if (this.markTimer) clearTimeout(this.markTimer);
    await this.flushMarks();
  }
}
