// Every service, and the launcher, reads `.env` from its working directory, and a variable set in the real environment
// wins over the file. Runs the compiled services (`npm run build` first, as `npm test` does) in a folder holding only a .env.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, expect, it } from 'vitest';
import { storesForThisFile } from './support/file-stores.js';
import { answers, freePorts, listen, portOf, startLauncher } from './support/launcher.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'env-file-test-'));
const stores = storesForThisFile();
const running: ChildProcess[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) {
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  }
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes the folder's .env and runs the service there with only PATH and `env` in its real environment. */
function runIn(entry: string, file: Record<string, string>, env: Record<string, string> = {}) {
  const settings = { ...stores(), HOST: '127.0.0.1', ...file };
  writeFileSync(
    join(folder, '.env'),
    Object.entries(settings)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
  );
  const child = spawn(process.execPath, [join(root, entry)], {
    cwd: folder,
    env: { PATH: process.env.PATH, ...env },
    stdio: 'ignore',
  });
  running.push(child);
}

it('the API takes its database, Redis and port from .env', async () => {
  const [port, realtime] = await freePorts(2);
  runIn('api/dist/server.js', { PORT: String(port), REALTIME_PORT: String(realtime) });
  await expect.poll(() => answers(`http://127.0.0.1:${port}/readyz`), { timeout: 30_000, interval: 250 }).toBe(true);
});

it('the gateway listens where the real environment says, not where .env does', async () => {
  const [fromFile, fromEnvironment] = await freePorts(2);
  runIn('realtime/dist/server.js', { REALTIME_PORT: String(fromFile) }, { REALTIME_PORT: String(fromEnvironment) });
  await expect
    .poll(() => answers(`http://127.0.0.1:${fromEnvironment}/healthz`), { timeout: 30_000, interval: 250 })
    .toBe(true);
  expect(await answers(`http://127.0.0.1:${fromFile}/healthz`)).toBe(false);
});

it('the workers take their status port from .env', async () => {
  const [port] = await freePorts(1);
  runIn('workers/dist/main.js', { WORKERS_PORT: String(port) });
  await expect.poll(() => answers(`http://127.0.0.1:${port}/healthz`), { timeout: 30_000, interval: 250 }).toBe(true);
});

it('the launcher takes its settings from .env too', async () => {
  const held = await listen();
  try {
    const [realtime, workers] = await freePorts(2);
    writeFileSync(join(folder, '.env'), `PORT=${portOf(held)}\nREALTIME_PORT=${realtime}\nWORKERS_PORT=${workers}\n`);
    const run = startLauncher({}, folder);
    expect(await run.exited).toBe(1);
    expect(run.stderr().trim()).toBe(
      `Port ${portOf(held)} is already in use by another program: stop it, or set PORT to a free port.`,
    );
  } finally {
    held.close();
  }
});
