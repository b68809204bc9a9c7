import { readEnvFile } from './env-file.js';
import { createSql } from './db.js';
import { seed } from './seed.js';

readEnvFile();

const sql = createSql(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/auction', { max: 2 });
try {
  await seed(sql, { log: console.log });
} catch (err) {
  console.error(`Seeding failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await sql.end();
}
