// The launcher (`npm run start:prod`) runs where only the built product was copied: the image's last stage and the
// production-install check. Every script it loads, however indirectly, must be copied there too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const scripts = fileURLToPath(new URL('../scripts/', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));

/** start.mjs and every sibling script it names (imports, and the guard it spawns by path), transitively. */
function launcherScripts(): string[] {
  const found = new Set<string>();
  const visit = (name: string) => {
    if (found.has(name)) return;
    found.add(name);
    for (const m of readFileSync(`${scripts}${name}`, 'utf8').matchAll(/['"]\.\/([\w-]+\.mjs)['"]/g)) visit(m[1]!);
  };
  visit('start.mjs');
  return [...found].sort();
}

it('finds the launcher and the servers it may start among its scripts', () => {
  expect(launcherScripts()).toEqual(
    expect.arrayContaining([
      'start.mjs',
      'process-group.mjs',
      'stores.mjs',
      'own-servers.mjs',
      'own-servers-guard.mjs',
    ]),
  );
});

it('copies every launcher script into the image', () => {
  const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8').replaceAll('\\\n', ' ');
  const copied = dockerfile
    .split('\n')
    .filter((line) => line.startsWith('COPY --from=build'))
    .join(' ');
  for (const name of launcherScripts()) expect(copied, name).toContain(`/app/infra/scripts/${name}`);
});

it('copies every launcher script into the production-install check', () => {
  const check = readFileSync(`${root}tools/check-production-install.mjs`, 'utf8');
  for (const name of launcherScripts()) expect(check, name).toContain(`'infra/scripts/${name}'`);
});
