import { Redis, type RedisOptions } from 'ioredis';

/**
 * Connection options for a REDIS_URL, the one string every process passes around: `redis://` or `rediss://` (TLS,
 * checked against the system's certificate authorities), credentials and database from the URL. With Sentinel
 * (REDIS_SENTINELS, which parseEnv writes into the URL's `sentinels` and `name` parameters) the master's address comes
 * from the sentinels, asked again after every lost connection and on each failover they announce, so a client follows
 * a promoted replica by itself.
 */
export function redisOptions(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  const tls = url.protocol === 'rediss:';
  const common: RedisOptions = {
    db: Number(url.pathname.slice(1) || 0),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
  };
  const sentinels = url.searchParams.get('sentinels');
  if (sentinels) {
    return {
      ...common,
      sentinels: sentinels.split(',').map((hostPort) => {
        const at = hostPort.lastIndexOf(':');
        return { host: hostPort.slice(0, at), port: Number(hostPort.slice(at + 1)) };
      }),
      name: url.searchParams.get('name') ?? 'mymaster',
      failoverDetector: true,
      ...(tls ? { tls: {}, enableTLSForSentinelMode: true, sentinelTLS: {} } : {}),
    };
  }
  return {
    ...common,
    host: url.hostname,
    port: Number(url.port || 6379),
    ...(tls ? { tls: { servername: url.hostname } } : {}),
  };
}

/** A Redis client for REDIS_URL (TLS and Sentinel included), with the caller's own options on top. */
export const createRedis = (redisUrl: string, options: RedisOptions = {}) =>
  new Redis({ ...redisOptions(redisUrl), ...options });

/** BullMQ takes connection options rather than a URL: the same ones, TLS and Sentinel included. */
export function bullConnection(redisUrl: string, overrides: Record<string, unknown> = {}) {
  // BullMQ types its options with the ioredis it was built against: a plain record keeps the two versions apart.
  return { ...(redisOptions(redisUrl) as Record<string, unknown>), maxRetriesPerRequest: null, ...overrides };
}

/**
 * The BullMQ prefix of a deployment's queues (REDIS_PREFIX `auction:` gives `{auction:bull}`). A BullMQ script touches
 * several keys of a queue at once, which Redis Cluster allows only when they hash to one slot: the braces make the
 * whole prefix the hash tag, so every key of every queue of the deployment lands in one slot (a flow or a script that
 * spans queues too), and two deployments sharing a cluster land in different ones. Every queue, worker, producer and
 * dashboard takes its prefix from here: a queue opened under another prefix is another, empty queue.
 */
export function bullPrefix(redisPrefix: string): string {
  if (/[{}]/.test(redisPrefix)) throw new Error('REDIS_PREFIX must not contain { or }: they would move the hash tag');
  return `{${redisPrefix}bull}`;
}

/** Removes every key matching a SCAN pattern, without blocking Redis. */
export async function dropRedisKeys(redisUrl: string, pattern: string): Promise<void> {
  const redis = createRedis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Removes every key of a deployment (a test run's or a bench run's): those under its prefix and its queues'. */
export async function dropRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  await dropRedisKeys(redisUrl, `${prefix}*`);
  await dropRedisKeys(redisUrl, `${bullPrefix(prefix)}*`);
}
