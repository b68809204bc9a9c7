// Settings in `.env` in the working directory apply to every service and CLI, and a variable set in the real
// environment wins over the file (the start and test scripts: infra/scripts/env-file.mjs).
import { existsSync } from 'node:fs';

export function readEnvFile(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
