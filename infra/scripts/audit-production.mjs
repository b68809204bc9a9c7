// @ts-check
// CI's audit step: `npm audit` of the production dependencies, failing only on high or critical advisories found
// (audit-verdict.mjs), never because the advisory endpoint could not be reached.
import { spawnSync } from 'node:child_process';
import { auditVerdict } from './audit-verdict.mjs';

const audit = spawnSync('npm', ['audit', '--omit=dev', '--json', '--fetch-retries=1', '--fetch-timeout=60000'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const { fail, lines } = auditVerdict({ stdout: audit.stdout ?? '' });
for (const line of lines) (fail ? console.error : console.log)(line);
process.exit(fail ? 1 : 0);
