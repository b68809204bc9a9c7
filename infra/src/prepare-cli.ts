// Before the product starts: both servers answer, the database exists and is migrated, the demo data is in place.
import { readEnvFile } from './env-file.js';
import { createSql, ensureDatabase, migrate, seed } from './index.js';
import { checkServices } from './check-services.js';

readEnvFile();

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/auction';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

try {
  await checkServices({ databaseUrl, redisUrl });
  await ensureDatabase(databaseUrl);
  const { applied } = await migrate(databaseUrl);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date');
  const sql = createSql(databaseUrl, { max: 2 });
  try {
    await seed(sql, { log: (m: string) => console.log(m) });
  } finally {
    await sql.end();
  }
} catch (err) {
  console.error(`\n${(err as Error).message}\n`);
  process.exit(1);
}
