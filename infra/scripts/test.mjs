// `npm test`: every test of every workspace, on real Postgres and Redis, with a plain summary line at the end.
// The tests use the servers named by TEST_DATABASE_ADMIN_URL (or DATABASE_URL) and REDIS_URL; unset, those at the
// default addresses; where nothing answers, a PostgreSQL and a Redis of the run's own, with throwaway data, stopped
// when the run ends.
import './require-node.mjs';
import './env-file.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installDebianPackages } from './debian-packages.mjs';
import { fail } from './process-group.mjs';
import { provideStores } from './stores.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const env = { ...process.env };

function run(title, cmd, args) {
  console.log(`\n> ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  return r.status ?? 1;
}

// Ctrl+C reaches the running step too; once it has stopped, this exits, and its exit handlers stop our own servers.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));
// The tests make their databases on the server an explicit DATABASE_URL names, unless TEST_DATABASE_ADMIN_URL names one.
if (!env.TEST_DATABASE_ADMIN_URL && env.DATABASE_URL) {
  const admin = new URL(env.DATABASE_URL);
  admin.pathname = '/postgres';
  env.TEST_DATABASE_ADMIN_URL = admin.toString();
}
await provideStores(env, {
  postgres: { variable: 'TEST_DATABASE_ADMIN_URL', database: 'postgres' },
  dir: join(tmpdir(), `auction-test-servers-${process.pid}`),
  durable: false,
  fail,
});
if (
  run('Checking PostgreSQL and Redis', bin('tsx'), ['--conditions=source', 'infra/src/check-services-cli.ts']) !== 0
) {
  process.exit(1);
}
// Debian packages the tests use, installed when missing and run as root: poppler, with which the API rebuilds uploaded
// PDFs, and the browser. Without a browser the other suites still run, so one missing package does not hide every
// other result; the run then fails with one line saying what to install.
const chromium = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missing = [
  ...(existsSync('/usr/bin/pdftoppm') ? [] : ['poppler-utils']),
  ...(existsSync(chromium) || env.CHROMIUM_PATH ? [] : ['chromium']),
];
if (missing.length > 0) installDebianPackages(missing, 'what the tests need');
if (!existsSync('/usr/bin/pdftoppm')) {
  console.error('\nThe API needs poppler to rebuild uploaded PDFs: apt-get install -y poppler-utils');
  process.exit(1);
}
const browser = existsSync(chromium);
if (run('Type-checking every workspace', bin('tsc'), ['-b']) !== 0) process.exit(1);
// Lint holds the import boundaries (web -> shared only, no service imports another, shared stays browser-safe).
if (run('Linting, with the import boundaries', bin('eslint'), ['.', '--max-warnings', '0']) !== 0) process.exit(1);
// One formatter for every source file; `npm run format` rewrites what this finds.
if (run('Checking the formatting', bin('prettier'), ['--check', '.', '--log-level', 'warn']) !== 0) process.exit(1);
// The web app is built even without a browser: the start tests serve it.
if (
  run('Building every service and the web app (the compiled-service, start and browser tests run them)', 'node', [
    'infra/scripts/build.mjs',
  ]) !== 0
) {
  process.exit(1);
}
const projects = browser
  ? []
  : ['shared', 'web', 'infra', 'core', 'api', 'realtime', 'workers', 'integration'].flatMap((p) => ['--project', p]);

const report = join(mkdtempSync(join(tmpdir(), 'auction-tests-')), 'results.json');
const status = run('Running the tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...projects,
  ...process.argv.slice(2),
]);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
if (!browser) {
  console.error(
    `\nBrowser tests not run: no chromium at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
process.exit(status);
