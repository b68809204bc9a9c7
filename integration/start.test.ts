// The start command tells the truth: a port held by another program stops it with one line naming that port, and on
// any port it chose (not only 3000) it comes up ready and signs people in. Runs the built product (`start:prod`).
import { expect, it } from 'vitest';
import { storesForThisFile } from './support/file-stores.js';
import { freePorts, isFree, listen, portOf, startLauncher } from './support/launcher.js';

const stores = storesForThisFile();
const start = (env: Record<string, string>) => startLauncher({ ...stores(), ...env });

it('exits non-zero with one line naming the port when another program holds it', async () => {
  const held = await listen();
  try {
    const [realtime, workers] = await freePorts(2);
    const run = start({ PORT: String(portOf(held)), REALTIME_PORT: String(realtime), WORKERS_PORT: String(workers) });
    expect(await run.exited).toBe(1);
    const lines = run.stderr().trim().split('\n');
    expect(lines).toEqual([
      `Port ${portOf(held)} is already in use by another program: stop it, or set PORT to a free port.`,
    ]);
    expect(run.stdout()).not.toContain('running');
  } finally {
    held.close();
  }
});

it('comes up on another port, says so only once it answers, signs in there, and stops cleanly', async () => {
  const [port, realtime, workers] = await freePorts(3);
  const run = start({ PORT: String(port), REALTIME_PORT: String(realtime), WORKERS_PORT: String(workers) });
  try {
    await expect.poll(() => run.stdout(), { timeout: 60_000, interval: 250 }).toContain('is running at');
    expect(run.stdout()).toContain(`http://localhost:${port}`);
    const login = await fetch(`http://localhost:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'demo@carbid.example', password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
  } finally {
    run.child.kill('SIGTERM');
  }
  expect(await run.exited).toBe(0);
});

it('leaves no service running when the launcher itself is killed with -9', async () => {
  const ports = await freePorts(3);
  const [port, realtime, workers] = ports;
  const run = start({ PORT: String(port), REALTIME_PORT: String(realtime), WORKERS_PORT: String(workers) });
  await expect.poll(() => run.stdout(), { timeout: 60_000, interval: 250 }).toContain('is running at');
  run.child.kill('SIGKILL');
  await run.exited;
  // Each member notices its launcher is gone, shuts down gracefully and gives its port back.
  await expect
    .poll(async () => (await Promise.all(ports.map(isFree))).every(Boolean), { timeout: 20_000, interval: 250 })
    .toBe(true);
});
