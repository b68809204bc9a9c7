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
  // A new connection's first query reads the array types; when the server dies during it (a primary killed as a
  // failover begins), its rejection had no handler and killed the process. The connection closes anyway and its
  // waiting query goes to the next one.
  ['        return fetchArrayTypes()\n', '        return fetchArrayTypes().catch(() => {})\n'],
  // With several hosts (a primary and its standbys), a server that refuses a new connection because it is starting or
  // stopping (57P01-57P03: a failed primary coming back as a standby) is passed over for the next host, as libpq does,
  // instead of failing the query that opened the connection.
  [
    '    } else {\n      errored(Errors.postgres(parseError(x)))\n    }',
    '    } else {\n      const err = Errors.postgres(parseError(x))\n      if (initial && options.host.length > 1 && /^57P0[123]$/.test(err.code)) return terminate()\n      errored(err)\n    }',
  ],
  // max_pipeline 0 (no statement sent behind another, which a pooler in transaction mode needs: infra/src/db.ts)
  // skipped the hook that reserves a connection for a transaction, so a transaction's statements went to any connection.
  [
    '        && sent.length < max_pipeline\n        && (!q.options.onexecute || q.options.onexecute(connection))',
    '        && (!q.options.onexecute || q.options.onexecute(connection))\n        && sent.length < max_pipeline',
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
    for (const [from, to] of EDITS) {
      if (text.includes(/** @type {string} */ (to))) continue;
      if (!text.includes(/** @type {string} */ (from))) {
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
