import { readEnvFile } from './env-file.js';
import { checkServices } from './check-services.js';

readEnvFile();

try {
  await checkServices({
    databaseUrl:
      process.env.TEST_DATABASE_ADMIN_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  console.log('PostgreSQL and Redis answer');
} catch (err) {
  console.error(`\n${(err as Error).message}\n`);
  process.exit(1);
}
