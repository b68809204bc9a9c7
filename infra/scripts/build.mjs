// `npm run build`: every server workspace compiled to JavaScript in its dist/ (run with plain `node`, no TypeScript
// loader in production), the worker-thread entries copied beside them, and the web app built by Vite.
// Workspaces build in dependency order: each one compiles against the declarations of the ones it imports.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ALL = ['shared', 'infra', 'core', 'realtime', 'workers', 'api'];
// `--workspaces=api,realtime`: only these (the bench rebuilds what changed and what depends on it), no web app.
const chosen = process.argv
  .find((a) => a.startsWith('--workspaces='))
  ?.slice('--workspaces='.length)
  .split(',');
const ORDER = chosen ? ALL.filter((ws) => chosen.includes(ws)) : ALL;

function run(title, cmd, args) {
  console.log(`> ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

for (const ws of ORDER) {
  rmSync(join(root, ws, 'dist'), { recursive: true, force: true });
  run(`Compiling ${ws}`, join(root, 'node_modules/.bin/tsc'), ['-p', `${ws}/tsconfig.build.json`]);
}

// Worker threads are started from plain .mjs files next to the code that starts them.
for (const ws of ORDER) {
  const copy = (from, to) => {
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      if (entry.isDirectory()) copy(join(from, entry.name), join(to, entry.name));
      else if (entry.name.endsWith('.mjs')) {
        mkdirSync(to, { recursive: true });
        copyFileSync(join(from, entry.name), join(to, entry.name));
      }
    }
  };
  copy(join(root, ws, 'src'), join(root, ws, 'dist'));
}

if (!chosen) run('Building the web app', 'npm', ['run', 'build', '--silent', '-w', 'web']);
