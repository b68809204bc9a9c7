// The workspaces' import boundaries are lint rules (eslint.config.js); this runs the project's own lint on imports
// that cross them, as text put in the place of a real file, and on the file's real text, which lints clean. A rule
// that stopped matching (a renamed folder, a pattern that no longer climbs out of its workspace) fails here. Type-aware
// lint builds a program per file: slow on a loaded machine, hence the long timeouts.
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundary messages lint gives the file at `path` when `imports` are added on top of its real text. */
async function refusals(path: string, imports: string): Promise<string[]> {
  const text = await readFile(`${root}/${path}`, 'utf8');
  const [result] = await eslint.lintText(`${imports}\n${text}`, { filePath: `${root}/${path}` });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

const crossings: [string, string, string, RegExp][] = [
  ['an adapter imports another adapter', 'api/src/app.ts', `import '@app/realtime';`, /never imports another service/],
  [
    'an adapter reaches into another by path',
    'api/src/app.ts',
    `import '../../workers/src/index.js';`,
    /another service/,
  ],
  ['core imports an adapter', 'core/src/bidding/bid-engine.ts', `import '@app/api';`, /never imports an adapter/],
  ['infra imports core', 'infra/src/index.ts', `import '@app/core/bidding';`, /imports only shared/],
  ['shared imports a server package', 'shared/src/index.ts', `import 'postgres';`, /runs in the browser too/],
  ['the web app imports a server workspace', 'web/src/main.tsx', `import '@app/core/bidding';`, /only @app\/shared/],
  [
    'a web feature imports another feature',
    'web/src/features/chat/components/chat-widget.tsx',
    `import '../../bidding/index.js';`,
    /never imports another feature/,
  ],
];

it.each(crossings)(
  'lint refuses it when %s',
  async (_what, path, imports, message) => {
    const found = await refusals(path, imports);
    expect(
      found.some((m) => message.test(m)),
      found.join('\n'),
    ).toBe(true);
  },
  120_000,
);

it('lints the same files clean without the crossing imports', async () => {
  for (const [, path] of crossings) expect(await refusals(path, '')).toEqual([]);
}, 300_000);
