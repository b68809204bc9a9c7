// `npm run seed`: the demo data (sample listings, forum, sales and the demo accounts, whose passwords are public).
// Refused with NODE_ENV=production: a deployment that wants to show the demo runs it with NODE_ENV=development on purpose.
import { StoresEnvSchema, parseEnv } from '@app/shared';
import { readEnvFile } from './env-file.js';
import { createSql } from './db.js';
import { exitIfRefused } from './process-lifecycle.js';
import { seed } from './seed/seed.js';

readEnvFile();
const config = exitIfRefused(() => parseEnv(StoresEnvSchema, process.env));
if (config.NODE_ENV === 'production') {
  console.error(
    'The demo data is never made with NODE_ENV=production (its accounts have public passwords): to show the demo, run the seed with NODE_ENV=development on a database meant for it.',
  );
  process.exit(1);
}
const sql = createSql(config.DATABASE_URL, { max: 2 });
try {
  await seed(sql, { log: console.log });
} catch (err) {
  console.error(`Seeding failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await sql.end();
}
