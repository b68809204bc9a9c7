// What anyone can make the API keep in Redis about an address or an account is bounded in size and in time. A flood of
// refused sign-ins, each naming a new account, once added every tried address to a set kept 400 days (about 214 KB
// per 1,000 refusals). Here such a flood runs against the real sign-in route, then every key under the test's prefix
// is read: each one about a client expires, and none holds more than its cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_IP } from '@app/core/identity';
import { THROTTLED_KEEP_SECONDS, THROTTLED_MEMBERS_PER_DAY, recordThrottled, throttledRequests } from '@app/core/admin';
import { bullPrefix } from '@app/infra';
import { ORIGIN, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const signIn = (email: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: ORIGIN },
    remoteAddress,
    payload: { email, password: 'wrong-password-123' },
  });

/**
 * Every key of the test's deployment with its type, size and time to live (-1: kept for ever), named without the
 * prefix; the queues' keys (under their hash-tagged prefix) as `bull:...`.
 */
async function keyspace() {
  const prefix = ctx.config.REDIS_PREFIX;
  const keys: { key: string; name: string }[] = [];
  for (const [pattern, named] of [
    [`${prefix}*`, (k: string) => k.slice(prefix.length)],
    [`${bullPrefix(prefix)}*`, (k: string) => `bull${k.slice(bullPrefix(prefix).length)}`],
  ] as const) {
    let cursor = '0';
    do {
      const [next, found] = await ctx.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      keys.push(...found.map((key) => ({ key, name: named(key) })));
    } while (cursor !== '0');
  }
  return Promise.all(
    keys.map(async ({ key, name }) => {
      const type = await ctx.redis.type(key);
      const size =
        type === 'zset'
          ? await ctx.redis.zcard(key)
          : type === 'set'
            ? await ctx.redis.scard(key)
            : type === 'hash'
              ? await ctx.redis.hlen(key)
              : 1;
      return { key: name, type, size, ttl: await ctx.redis.ttl(key) };
    }),
  );
}

describe('what Redis keeps about clients', () => {
  it('keeps a bounded, expiring record of a flood of refused sign-ins, each naming a new account', async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < MAX_FAILURES_PER_IP; i += 1)
      expect((await signIn(`guess${i}@example.test`, address)).statusCode).toBe(401);
    const flood = 1000;
    for (let i = 0; i < flood; i += 1)
      expect((await signIn(`flood${i}-${'x'.repeat(200)}@example.test`, address)).statusCode).toBe(429);

    const keys = await keyspace();
    const about = keys.filter((k) => /^(throttle|throttled|rl):/.test(k.key));
    expect(about.length).toBeGreaterThan(0);
    for (const k of about) {
      expect(k.ttl, `${k.key} expires`).toBeGreaterThan(0);
      expect(k.ttl, k.key).toBeLessThanOrEqual(THROTTLED_KEEP_SECONDS);
      expect(k.size, k.key).toBeLessThanOrEqual(THROTTLED_MEMBERS_PER_DAY);
    }
    // The tab still counts the flood and names its address first.
    const tab = await throttledRequests(ctx.redis, ctx.config.REDIS_PREFIX, '7d');
    expect(tab.total).toBe(flood);
    expect(tab.byAddress[0]).toEqual({ ip: address, count: flood });
    // Nothing else about a client is kept for ever: only the queues' and the event streams' own keys have no expiry.
    const forever = keys.filter((k) => k.ttl === -1 && !/^(bull:|events$|socket\.io$)/.test(k.key));
    expect(forever.map((k) => k.key)).toEqual([]);
  }, 120_000);

  it("keeps each day's most counted addresses and accounts, however many different ones are refused", async () => {
    const prefix = `${ctx.config.REDIS_PREFIX}bounds-`;
    const heavy = { route: 'POST /api/bids', address: '203.0.113.99', account: 'heavy@example.test' };
    for (let i = 0; i < 50; i += 1) await recordThrottled(ctx.redis, prefix, heavy);
    for (let i = 0; i < 1000; i += 1)
      await recordThrottled(ctx.redis, prefix, {
        route: 'POST /api/bids',
        address: `10.0.${Math.floor(i / 250)}.${i % 250}`,
        account: `a${i}@example.test`,
      });
    const day = new Date().toISOString().slice(0, 10);
    for (const dimension of ['address', 'account'])
      expect(await ctx.redis.zcard(`${prefix}throttled:${day}:${dimension}`)).toBe(THROTTLED_MEMBERS_PER_DAY);
    const tab = await throttledRequests(ctx.redis, prefix, '7d');
    expect(tab.total).toBe(1050);
    expect(tab.byAddress[0]).toEqual({ ip: heavy.address, count: 50 });
    expect(tab.byAccount[0]).toEqual({ account: heavy.account, count: 50 });
  }, 60_000);
});
