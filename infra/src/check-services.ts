// One clear line per unreachable server, naming the variable to set, instead of a stack trace.
import { createRedis } from './redis-connection.js';
import postgres from 'postgres';
import { databaseUrlParts, redactDatabaseUrl, withDatabase } from '@app/shared';

export async function checkServices({
  databaseUrl,
  redisUrl,
}: {
  databaseUrl: string;
  redisUrl: string;
}): Promise<void> {
  const problems: string[] = [];
  const servers = databaseUrlParts(databaseUrl)?.hosts.join(',') ?? databaseUrl;
  const sql = postgres(withDatabase(databaseUrl, 'postgres'), { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
  } catch (err) {
    problems.push(
      `PostgreSQL is not reachable at ${servers} (${(err as Error).message}). Start it, or set DATABASE_URL (now ${redactDatabaseUrl(databaseUrl)}).`,
    );
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
  const redis = createRedis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    problems.push(
      `Redis is not reachable at ${new URL(redisUrl).host} (${(err as Error).message}). Start it, or set REDIS_URL (now ${redact(redisUrl)}).`,
    );
  } finally {
    redis.disconnect();
  }
  if (problems.length) throw new Error(problems.join('\n'));
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
