// `npm start`'s launcher run as a test sees it: the built product (`start.mjs --prebuilt`) with exactly the environment
// given, its output collected, plus the ports and processes a test looks at.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const listen = (port = 0) =>
  new Promise<Server>((resolve) => {
    const s = createServer().listen(port, '0.0.0.0', () => resolve(s));
  });
export const portOf = (s: Server) => (s.address() as { port: number }).port;

export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: n }, () => listen()));
  const ports = servers.map(portOf);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

export const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(true)));
  });

export type Launcher = ReturnType<typeof startLauncher>;

/** PATH is passed on; nothing else of this process's environment is. `cwd` is where it looks for a .env. */
export function startLauncher(env: Record<string, string>, cwd = root) {
  const child = spawn(process.execPath, [`${root}infra/scripts/start.mjs`, '--prebuilt'], {
    cwd,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** The pid of the launcher's child running `entry` (Linux: read from /proc). */
export function memberPid(launcher: Launcher, entry: string): number | undefined {
  for (const dir of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${dir}/stat`, 'utf8');
      // Fields after the command name, which may itself hold spaces: state, then the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === launcher.child.pid && readFileSync(`/proc/${dir}/cmdline`, 'utf8').includes(entry))
        return Number(dir);
    } catch {
      // the process ended while we looked
    }
  }
  return undefined;
}

export async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}
