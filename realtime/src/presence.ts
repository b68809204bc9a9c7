// How many people are in an auction room across every gateway process, counted incrementally: each process writes
// its own local count of the room (O(1) from its adapter) into one Redis hash per room, stamped with the time, and the
// total is the sum of the fresh entries (one small HGETALL; O(number of gateways), never O(sockets)). A process that
// died stops refreshing its entries, which then age out. Redis being slow or down never holds a join: the count falls
// back to this process's own.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A process refreshes its entries this often; an entry older than STALE_MS is a dead process's and is ignored. */
export const PRESENCE_REFRESH_MS = 10_000;
const STALE_MS = 3 * PRESENCE_REFRESH_MS;
const REDIS_WAIT_MS = 300;

export class PresenceCounter {
  private readonly processId = randomUUID();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** Sockets of this process in the auction's room. */
    private readonly localCount: (auctionId: number) => number,
    /** The auctions whose rooms this process has sockets in. */
    private readonly localAuctions: () => Iterable<number>,
  ) {
    this.timer = setInterval(() => void this.refreshAll(), PRESENCE_REFRESH_MS);
    this.timer.unref();
  }

  private key(auctionId: number): string {
    return `${this.prefix}presence:auction:${auctionId}`;
  }

  /** Writes this process's count of the room and answers the cluster's total, in one round trip. */
  async update(auctionId: number): Promise<number> {
    const local = this.localCount(auctionId);
    const key = this.key(auctionId);
    const now = Date.now();
    const tx = this.redis.multi();
    if (local > 0) tx.hset(key, this.processId, `${local}:${now}`);
    else tx.hdel(key, this.processId);
    tx.pexpire(key, STALE_MS).hgetall(key);
    try {
      const results = await within(tx.exec());
      const all = (results?.at(-1)?.[1] ?? {}) as Record<string, string>;
      let total = 0;
      for (const [id, entry] of Object.entries(all)) {
        if (id === this.processId) continue;
        const [count, at] = entry.split(':').map(Number);
        if (now - (at ?? 0) < STALE_MS) total += count ?? 0;
      }
      return total + local;
    } catch {
      return local;
    }
  }

  private async refreshAll(): Promise<void> {
    const now = Date.now();
    const tx = this.redis.multi();
    for (const auctionId of this.localAuctions()) {
      tx.hset(this.key(auctionId), this.processId, `${this.localCount(auctionId)}:${now}`).pexpire(
        this.key(auctionId),
        STALE_MS,
      );
    }
    await within(tx.exec()).catch(() => undefined);
  }

  /** Removes this process's entries, so the others' totals drop at once rather than when they age out. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const tx = this.redis.multi();
    for (const auctionId of this.localAuctions()) tx.hdel(this.key(auctionId), this.processId);
    await within(tx.exec()).catch(() => undefined);
  }
}

function within<T>(p: Promise<T>): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('presence: Redis did not answer')), REDIS_WAIT_MS)),
  ]);
}
