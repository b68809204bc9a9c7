// Before the product starts: both servers answer, the database exists and is migrated, and outside production the demo
// data is in place. Production never gets demo data (its accounts have public passwords): the first admin is made with
// create-admin-cli.ts.
import { StoresEnvSchema, parseEnv } from '@app/shared';
import { createSql, ensureDatabase, migrate, seed } from './index.js';
import { checkServices } from './check-services.js';
import { FIRST_ADMIN_HINT } from './admins/add-admin.js';
import { readEnvFile } from './env-file.js';

readEnvFile();

try {
  const config = parseEnv(StoresEnvSchema, process.env);
  await checkServices({ databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL });
  await ensureDatabase(config.DATABASE_URL);
  const { applied } = await migrate(config.DATABASE_URL);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date');
  if (config.NODE_ENV === 'production') {
    console.log(`Production: no demo data. ${FIRST_ADMIN_HINT}`);
  } else {
    const sql = createSql(config.DATABASE_URL, { max: 2 });
    try {
      await seed(sql, { log: (m: string) => console.log(m) });
    } finally {
      await sql.end();
    }
  }
} catch (err) {
  console.error(`\n${(err as Error).message}\n`);
  process.exit(1);
}
