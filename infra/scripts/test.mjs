// `npm test`: every test of every workspace, on real Postgres and Redis, with a plain summary line at the end.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;

function run(title, cmd, args) {
  console.log(`\n> ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return r.status ?? 1;
}

if (run('Checking PostgreSQL and Redis', bin('tsx'), ['infra/scripts/check-services-cli.ts']) !== 0) process.exit(1);
if (!existsSync('/usr/bin/chromium')) {
  console.error('Browser tests need Debian chromium at /usr/bin/chromium: apt-get install -y chromium');
  process.exit(1);
}
if (run('Type-checking every workspace', bin('tsc'), ['-b']) !== 0) process.exit(1);
// Lint holds the import boundaries (web -> shared only, no service imports another, shared stays browser-safe).
if (run('Linting, with the import boundaries', bin('eslint'), ['.', '--max-warnings', '0']) !== 0) process.exit(1);
if (run('Building the web app for the browser tests', 'npm', ['run', 'build', '--silent']) !== 0) process.exit(1);

const report = join(mkdtempSync(join(tmpdir(), 'auction-tests-')), 'results.json');
const status = run('Running the tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
process.exit(status);
