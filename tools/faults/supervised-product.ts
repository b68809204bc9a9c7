// The product's compiled processes (api, workers and two gateways), each restarted when it dies (as compose's `restart: unless-stopped` or a
// systemd unit would), so the suite can kill -9 one and watch the rest cope and the killed one come back.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export type ServiceName = 'api' | 'realtime' | 'realtime2' | 'workers';
const ENTRY: Record<ServiceName, string> = {
  api: 'api/dist/server.js',
  realtime: 'realtime/dist/server.js',
  realtime2: 'realtime/dist/server.js',
  workers: 'workers/dist/main.js',
};

export interface Product {
  kill9(name: ServiceName): void;
  freeze(name: ServiceName): void;
  thaw(name: ServiceName): void;
  restarts(): Record<ServiceName, number>;
  /** Waits until every process answers its health check. */
  waitHealthy(timeoutMs: number): Promise<number>;
  stop(): Promise<void>;
}

/** `envOf` adds what differs per process (the second gateway's port). */
export function startProduct(
  env: Record<string, string>,
  health: Record<ServiceName, string>,
  envOf: Partial<Record<ServiceName, Record<string, string>>> = {},
): Product {
  const children = new Map<ServiceName, ChildProcess>();
  const restarts: Record<ServiceName, number> = { api: 0, realtime: 0, realtime2: 0, workers: 0 };
  let stopping = false;
  const launch = (name: ServiceName) => {
    const child = spawn(process.execPath, ['--enable-source-maps', ENTRY[name]], {
      cwd: root,
      env: { ...process.env, ...env, ...envOf[name] },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The last lines a process wrote, printed if it dies unasked: why it died is the finding.
    let tail: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (c: Buffer) => {
        if (process.env.FAULTS_VERBOSE) process.stderr.write(`[${name}] ${c.toString()}`);
        tail = [...tail, ...c.toString().split('\n').filter(Boolean)].slice(-15);
      });
    }
    child.on('exit', (code, signal) => {
      if (stopping) return;
      restarts[name] += 1;
      if (signal !== 'SIGKILL')
        console.log(
          `  ${name} exited (${signal ?? code}); its last lines:\n${tail.map((l) => `    ${l.slice(0, 400)}`).join('\n')}`,
        );
      setTimeout(() => launch(name), 250);
    });
    children.set(name, child);
  };
  for (const name of Object.keys(ENTRY) as ServiceName[]) launch(name);

  const answers = async (url: string) => {
    try {
      return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
    } catch {
      return false;
    }
  };
  return {
    kill9: (name) => void children.get(name)?.kill('SIGKILL'),
    freeze: (name) => void children.get(name)?.kill('SIGSTOP'),
    thaw: (name) => void children.get(name)?.kill('SIGCONT'),
    restarts: () => ({ ...restarts }),
    async waitHealthy(timeoutMs) {
      const t0 = Date.now();
      while (Date.now() - t0 < timeoutMs) {
        const ok = await Promise.all(Object.values(health).map(answers));
        if (ok.every(Boolean)) return Date.now() - t0;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`not every process answered within ${timeoutMs} ms`);
    },
    async stop() {
      stopping = true;
      await Promise.all(
        [...children.values()].map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null || c.signalCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGCONT');
              c.kill('SIGTERM');
              setTimeout(() => c.kill('SIGKILL'), 10_000).unref();
            }),
        ),
      );
    },
  };
}
