// `npm start` keeps the product up when one of its services dies: the launcher restarts it (with backoff, logged),
// the other two keep answering meanwhile, and only the launcher's own signal stops the group. Runs the built product.
import { expect, it } from 'vitest';
import { storesForThisFile } from './support/file-stores.js';
import { answers, freePorts, memberPid, startLauncher } from './support/launcher.js';

const stores = storesForThisFile();

it('restarts the gateway killed with -9 while the API and the workers keep answering', async () => {
  const [port, realtime, workers] = await freePorts(3);
  const run = startLauncher({
    ...stores(),
    PORT: String(port),
    REALTIME_PORT: String(realtime),
    WORKERS_PORT: String(workers),
  });
  const api = `http://127.0.0.1:${port}/readyz`;
  const gateway = `http://127.0.0.1:${realtime}/healthz`;
  const workersHealth = `http://127.0.0.1:${workers}/healthz`;
  try {
    await expect.poll(() => run.stdout(), { timeout: 60_000, interval: 250 }).toContain('is running at');
    const killed = memberPid(run, 'realtime/dist/server.js');
    expect(killed).toBeGreaterThan(0);
    process.kill(killed!, 'SIGKILL');

    // Until the gateway is back, every look finds the API and the workers answering.
    const others: boolean[] = [];
    await expect
      .poll(
        async () => {
          others.push(await answers(api), await answers(workersHealth));
          return answers(gateway);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every(Boolean)).toBe(true);

    const again = memberPid(run, 'realtime/dist/server.js');
    expect(again).toBeGreaterThan(0);
    expect(again).not.toBe(killed);
    expect(run.stderr()).toContain('[realtime] exited (SIGKILL); restarting in 1 s');
    expect(run.stderr()).toContain(`[realtime] restarted (pid ${again})`);
    expect(run.child.exitCode).toBeNull();
  } finally {
    run.child.kill('SIGTERM');
  }
  expect(await run.exited).toBe(0);
}, 120_000);
