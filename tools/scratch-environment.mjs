// A database and a Redis key prefix of their own for a scripted check, and their removal afterwards.
import { Redis } from 'ioredis';
import postgres from 'postgres';

export function scratchEnvironment(name) {
  const database = `auction_${name.replaceAll('-', '_')}_${process.pid}`;
  const redisPrefix = `${name}-${process.pid}:`;
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    databaseUrl: url.toString(),
    redisPrefix,
    async remove() {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${database} with (force)`).catch(() => {});
      await admin.end();
      const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
      // The prefix's own keys and its queues' (under `{<prefix>bull}`, bullPrefix in infra/src/redis-connection.ts).
      for (const match of [`${redisPrefix}*`, `{${redisPrefix}bull}*`])
        for await (const keys of redis.scanStream({ match, count: 500 })) if (keys.length) await redis.del(...keys);
      redis.disconnect();
    },
  };
}

/** Stops a detached child's whole process group and waits for it. */
export async function stopGroup(child) {
  if (!child || child.exitCode !== null) return;
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
