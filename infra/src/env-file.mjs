// @ts-check
// Settings in `.env` in the working directory apply to every process (the services, the CLIs, the start and test
// scripts), and a variable set in the real environment wins over the file. Plain JavaScript so that the scripts,
// which run before anything is built, read it from here too.
import { existsSync } from 'node:fs';

export function readEnvFile(path = '.env') {
  if (existsSync(path)) process.loadEnvFile(path);
}
