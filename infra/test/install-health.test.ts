// What `npm ci` and `npm ls` say on the runtime the product runs on: every package in the lockfile accepts this Node
// (npm warns, EBADENGINE, for each one that does not), and the installed tree matches the lockfile with nothing missing,
// invalid or extraneous (`npm ls` exits 0). Not `npm ls --all`: deeper down it counts optional peer dependencies a
// package does not use (ajv 6 beside @hookform/resolvers) and "latest" ranges (lighthouse's trace engine) as invalid.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import semver from 'semver';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; os?: string[]; cpu?: string[] }>;
};

/** npm installs a package only on the systems its `os` and `cpu` name (sharp's builds for other platforms, say). */
const installedHere = (p: { os?: string[]; cpu?: string[] }) =>
  (!p.os || p.os.includes(process.platform)) && (!p.cpu || p.cpu.includes(process.arch));

it('runs on Node 24 or later, and every package of the lockfile accepts the Node it runs on', () => {
  expect(semver.major(process.versions.node)).toBeGreaterThanOrEqual(24);
  const refusing = Object.entries(lock.packages).flatMap(([path, p]) => {
    if (!installedHere(p)) return [];
    const range = Array.isArray(p.engines) ? undefined : p.engines?.node;
    return range && !semver.satisfies(process.versions.node, range, { includePrerelease: true })
      ? [`${path || 'the project'} wants node ${range}`]
      : [];
  });
  expect(refusing).toEqual([]);
});

it('has the installed tree npm ls accepts: no dependency of a workspace missing, invalid or extraneous', async () => {
  const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  const [cmd, pre] = npm as [string, string[]];
  const { stdout } = await promisify(execFile)(cmd, [...pre, 'ls', '--json'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  const tree = JSON.parse(stdout) as { problems?: string[] };
  expect(tree.problems ?? []).toEqual([]);
}, 120_000);
