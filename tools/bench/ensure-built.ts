// The bench measures the processes `npm start` runs: compiled JavaScript in each workspace's dist/. A dist/ older than
// any source file of its workspace (or missing) would measure yesterday's code, so the services are rebuilt first.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_WORKSPACES = ['shared', 'infra', 'core', 'realtime', 'workers', 'api'];
/** What each workspace compiles against: a rebuilt workspace makes its dependents stale too. */
const DEPENDS_ON: Record<string, string[]> = {
  shared: [],
  infra: ['shared'],
  core: ['infra', 'shared'],
  realtime: ['core', 'infra', 'shared'],
  workers: ['core', 'infra', 'shared'],
  api: ['core', 'infra', 'shared'],
};

/** Newest (or oldest) modification time of the files under a folder; undefined when it does not exist. */
function mtimeOf(dir: string, pick: (a: number, b: number) => number): number | undefined {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  let found: number | undefined;
  for (const e of entries) {
    const path = join(dir, e.name);
    const t = e.isDirectory() ? mtimeOf(path, pick) : statSync(path).mtimeMs;
    if (t !== undefined) found = found === undefined ? t : pick(found, t);
  }
  return found;
}

/** The workspaces whose dist/ is missing or older than their newest source file, and those that depend on them. */
export function staleBuilds(): string[] {
  const stale = new Set(
    SERVER_WORKSPACES.filter((ws) => {
      const built = mtimeOf(join(ROOT, ws, 'dist'), Math.min);
      const source = mtimeOf(join(ROOT, ws, 'src'), Math.max) ?? 0;
      return built === undefined || source > built;
    }),
  );
  for (const ws of SERVER_WORKSPACES) if (DEPENDS_ON[ws]!.some((d) => stale.has(d))) stale.add(ws);
  return SERVER_WORKSPACES.filter((ws) => stale.has(ws));
}

export function ensureServicesBuilt(): void {
  const stale = staleBuilds();
  if (stale.length === 0) return;
  console.log(
    `bench: compiling ${stale.join(', ')} first (changed since the last build, or compiled against what did)`,
  );
  const r = spawnSync(process.execPath, ['infra/scripts/build.mjs', `--workspaces=${stale.join(',')}`], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('bench: npm run build failed');
}
