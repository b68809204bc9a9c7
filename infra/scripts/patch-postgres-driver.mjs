// Runs after every install (root postinstall). postgres.js 3.4.9 batches small writes behind a setImmediate; when a
// connection closes before that fires, nextWrite() writes to a null socket and the TypeError, thrown from the
// immediate, kills the process (upstream issues porsager/postgres#1066, #1154, #1208; fixes proposed, not released).
// The teardown paths also cancel that immediate without forgetting it, so a reconnected connection never flushes a
// small write again and its queries hang. Seen here: Postgres restarts in the fault suite killed the api and the
// workers. This applies the proposed guard to each copy of the driver and fails loudly if the driver changed, so an
// upgrade is a conscious step (delete this script once a release carries the fix).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MARK = '/* guarded: closed socket */';
const EDITS = [
  [
    '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    `  function nextWrite(fn) {\n    ${MARK}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
  ],
  [
    "    clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)",
    "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener('data', data)",
  ],
  [
    '    clearImmediate(nextWriteTimer)\n    if (socket) {',
    '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {',
  ],
];

const project = fileURLToPath(new URL('../..', import.meta.url));
// The hoisted copy, and one per workspace if npm ever nests a different version there.
const copies = ['', 'shared', 'infra', 'core', 'api', 'realtime', 'workers', 'web']
  .map((ws) => join(project, ws, 'node_modules', 'postgres'))
  .filter((dir) => existsSync(join(dir, 'package.json')));
for (const dir of copies) patch(dir);

function patch(root) {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const file of ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js'].map((f) => join(root, f))) {
    if (!existsSync(file)) continue;
    let text = readFileSync(file, 'utf8');
    if (text.includes(MARK)) continue;
    for (const [from, to] of EDITS) {
      if (!text.includes(from)) {
        console.error(
          `postgres ${version}: ${file} is not the code this patch was written for; review infra/scripts/patch-postgres-driver.mjs`,
        );
        process.exit(1);
      }
      text = text.replace(from, to);
    }
    writeFileSync(file, text);
  }
}
