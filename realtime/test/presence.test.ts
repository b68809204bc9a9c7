import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { PRESENCE_REFRESH_MS, PresenceCounter } from '../src/presence.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `presence-test-${randomBytes(4).toString('hex')}:`;
const redis = new Redis(REDIS_URL);
const counters: PresenceCounter[] = [];
afterAll(async () => {
  for (const c of counters) await c.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

/** A gateway process's view: its own sockets per auction. */
function gatewayProcess(local: Map<number, number>, client: Redis = redis) {
  const c = new PresenceCounter(
    client,
    prefix,
    (id) => local.get(id) ?? 0,
    () => local.keys(),
  );
  counters.push(c);
  return c;
}

describe('presence across gateway processes', () => {
  it("adds every process's own count of the room, and drops a process's share when it leaves", async () => {
    const a = new Map([[1, 3]]);
    const b = new Map([[1, 2]]);
    const ga = gatewayProcess(a);
    const gb = gatewayProcess(b);
    expect(await ga.update(1)).toBe(3);
    expect(await gb.update(1)).toBe(5);
    a.set(1, 0);
    expect(await ga.update(1)).toBe(2);
    await gb.close();
    expect(await ga.update(1)).toBe(0);
  });

  it('ignores the entry of a process that stopped refreshing it (killed, or frozen)', async () => {
    const key = `${prefix}presence:auction:2`;
    await redis.hset(
      key,
      'dead-process',
      `40:${Date.now() - 4 * PRESENCE_REFRESH_MS}`,
      'live-process',
      `6:${Date.now()}`,
    );
    const g = gatewayProcess(new Map([[2, 1]]));
    expect(await g.update(2)).toBe(7);
  });

  it('answers with its own count at once when Redis does not answer, so a join never waits on it', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    unreachable.on('error', () => {});
    const g = gatewayProcess(new Map([[3, 4]]), unreachable);
    const started = Date.now();
    expect(await g.update(3)).toBe(4);
    expect(Date.now() - started).toBeLessThan(1000);
    unreachable.disconnect();
  });
});
