// Reads a V8 CPU profile (node --cpu-prof) and prints where the time went: self time by function and by package or
// source folder, idle and garbage collection included, so a bench figure can be explained by what the process did.
// `tsx tools/bench/profile-summary.ts <file.cpuprofile> [top] [pattern]`: with a pattern (a regular expression
// on "function place"), also the total time (callees included) of the matching functions.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, pattern] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** node_modules/<package> or the workspace folder a frame's source lives in. */
function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const ws = /\/(shared|infra|api|realtime|workers)\/(?:dist|src)\/(.*?)[^/]*$/.exec(url);
  if (ws) return `${ws[1]}/${ws[2]}`;
  return url.startsWith('node:') ? `node:${url.slice(5).split('/')[0]}` : url;
}

const keyOf = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${placeOf(url, functionName)}${url ? `:${lineNumber + 1}` : ''}`;
};
const functions = new Map<string, number>();
const places = new Map<string, number>();
for (const [id, us] of selfUs) {
  const { functionName, url } = byId.get(id)!.callFrame;
  const fn = keyOf(byId.get(id)!);
  functions.set(fn, (functions.get(fn) ?? 0) + us);
  places.set(placeOf(url, functionName), (places.get(placeOf(url, functionName)) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled\n\nself time by package or folder:`);
for (const [k, us] of [...places].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${k}`);
console.log('\nself time by function:');
for (const [k, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${k}`);

if (pattern) {
  // Total time: a node's own samples and its callees', counted once per function even when it recurses.
  const match = new RegExp(pattern);
  const totals = new Map<string, number>();
  const walk = (id: number, open: Set<string>): number => {
    const node = byId.get(id)!;
    const key = keyOf(node);
    const mine =
      (selfUs.get(id) ?? 0) +
      (node.children ?? []).reduce((sum, c) => sum + walk(c, open.has(key) ? open : new Set([...open, key])), 0);
    if (match.test(key) && !open.has(key)) totals.set(key, (totals.get(key) ?? 0) + mine);
    return mine;
  };
  walk(profile.nodes[0]!.id, new Set());
  console.log(`\ntotal time (callees included) of functions matching /${pattern}/:`);
  for (const [k, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${k}`);
}
