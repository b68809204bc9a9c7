// Every figure the bench prints stands next to its raw limit from the same run and the ratio (or difference) between
// them: on shared cores the limit moves with the machine, the ratio much less.
import os from 'node:os';

export interface Row {
  what: string;
  product: string;
  limit: string;
  ratio: string;
}

export function printTable(title: string, rows: Row[]): void {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  console.log(`\n## ${title} (${new Date().toISOString()}, load average ${load} on ${os.cpus().length} cores)\n`);
  console.log('| measurement | product | raw limit, same run | ratio or difference |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.what} | ${r.product} | ${r.limit} | ${r.ratio} |`);
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const signedMs = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)} ms`;
