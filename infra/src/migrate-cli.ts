import { readEnvFile } from './env-file.js';
import { ensureDatabase } from './ensure-database.js';
import { migrate } from './migrate.js';

readEnvFile();

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/auction';
try {
  await ensureDatabase(url);
  const { applied } = await migrate(url, console.log);
  console.log(applied.length ? `${applied.length} migration(s) applied` : 'Schema is up to date');
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
