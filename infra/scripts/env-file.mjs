// Imported first by the scripts a person runs (start, start:scaled, test): settings in `.env` in the working directory
// apply, and a variable set in the real environment wins over the file. The services and CLIs do the same through
// readEnvFile (@app/infra); `node --env-file-if-exists` is not used because it prints a line whenever there is no file.
import { existsSync } from 'node:fs';

if (existsSync('.env')) process.loadEnvFile('.env');
