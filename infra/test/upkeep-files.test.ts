// Dependency upkeep as files: Renovate groups its pull requests, merges nothing by itself and keeps the runtime on Node
// 24 LTS wherever it is named (the image, CI's runtime, the type definitions); CI audits the production dependencies.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');
const renovate = JSON.parse(read('renovate.json')) as {
  automerge?: boolean;
  customManagers: { matchStrings: string[]; managerFilePatterns: string[]; depNameTemplate: string }[];
  packageRules: { matchPackageNames?: string[]; allowedVersions?: string; groupName?: string; automerge?: boolean }[];
};

/** Every value of `key` anywhere in a JSON document. */
function valuesOf(node: unknown, key: string): unknown[] {
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => [...(k === key ? [v] : []), ...valuesOf(v, key)]);
}

describe('renovate.json', () => {
  it('merges nothing by itself and groups updates', () => {
    expect(renovate.automerge).toBe(false);
    expect(valuesOf(renovate, 'automerge').filter((v) => v !== false)).toEqual([]);
    expect(valuesOf(renovate, 'platformAutomerge').filter((v) => v !== false)).toEqual([]);
    expect(renovate.packageRules.filter((r) => r.groupName).length).toBeGreaterThanOrEqual(5);
  });

  it('holds Node at 24 for the image, CI and the type definitions, and finds the version CI installs', () => {
    const node = renovate.packageRules.find((r) => r.matchPackageNames?.includes('node'));
    expect(node?.allowedVersions).toBe('<25');
    expect(node?.matchPackageNames).toContain('@types/node');
    // The custom manager really reads .ci/run's pinned release, and that release is a Node 24.
    const manager = renovate.customManagers.find((m) => m.depNameTemplate === 'node')!;
    const file = /^\/(.*)\/$/.exec(manager.managerFilePatterns[0]!)![1]!;
    expect(new RegExp(file).test('.ci/run')).toBe(true);
    const pinned = new RegExp(manager.matchStrings[0]!.replace('?<currentValue>', '?<v>')).exec(read('.ci/run'));
    expect(pinned?.groups?.v).toMatch(/^24\.\d+\.\d+$/);
    for (const [, image] of read('Dockerfile').matchAll(/^FROM (node:\S+)/gm)) expect(image).toMatch(/^node:24-/);
  });
});

describe('CI', () => {
  it('audits the production dependencies before the tests', () => {
    const ci = read('.ci/run');
    const audit = ci.indexOf('node infra/scripts/audit-production.mjs');
    expect(audit).toBeGreaterThan(ci.indexOf('npm ci'));
    expect(audit).toBeLessThan(ci.indexOf('npm test'));
    expect(read('infra/scripts/audit-production.mjs')).toMatch(/'audit', '--omit=dev', '--json'/);
  });
});
