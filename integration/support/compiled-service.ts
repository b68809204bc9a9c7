// One compiled service started the way production starts it (`node <ws>/dist/...`, no TypeScript loader) with exactly
// the environment given (and PATH), its output collected, returned once `readyUrl` answers 2xx.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const COMPILED_ENTRIES = ['api/dist/server.js', 'realtime/dist/server.js', 'workers/dist/main.js'] as const;

export interface RunningService {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  output: () => string;
}

/** Throws, naming the command, when `npm run build` has not made the entries. */
export function requireCompiledEntries(): void {
  for (const entry of COMPILED_ENTRIES) {
    if (!existsSync(`${root}${entry}`))
      throw new Error(`${entry} is missing: run \`npm run build\` before these tests`);
  }
}

export async function startCompiled(
  entry: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<RunningService> {
  let output = '';
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  for (let i = 0; i < 150; i += 1) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(readyUrl)).ok) return { child, exited, output: () => output };
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not become ready:\n${output}`);
}
