// `npm start`: check Postgres and Redis, migrate, seed, build the web app, then run api, realtime and workers together.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const env = { ...process.env };
const port = env.PORT ?? '3000';
env.WEB_DIST_DIR ??= `${root}web/dist`;
const tsx = `${root}node_modules/.bin/tsx`;

function step(title, cmd, args) {
  console.log(`\n> ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

step('Checking PostgreSQL and Redis, migrating, seeding demo data', tsx, ['infra/scripts/prepare.ts']);
step('Building the web app', 'npm', ['run', 'build', '--silent']);

const services = [
  ['api', 'api/src/server.ts'],
  ['realtime', 'realtime/src/server.ts'],
  ['workers', 'workers/src/main.ts'],
];
const children = services.map(([name, entry]) => {
  const child = spawn(tsx, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${prefix}exited (${signal ?? code}); stopping everything`);
      stop(1);
    }
  });
  return child;
});

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 12_000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const url = `http://localhost:${port}`;
for (let i = 0; i < 120 && !stopping; i += 1) {
  try {
    const res = await fetch(`${url}/readyz`);
    if (res.ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 500));
}
if (!stopping) {
  console.log(`
  Car auction marketplace is running at ${url}

  Demo logins (sample accounts):
    Dealer (standard)   demo@carbid.example       / demo-password
    Collector (premium) collector@carbid.example  / collector-password
    Admin portal        ${url}/admin/login  admin@carbid.example / admin-password

  Press Ctrl+C to stop.
`);
}
