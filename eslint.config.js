// Type-aware lint, and the import boundaries of the workspaces, checked on every `npm test`:
// - web imports only @app/shared;
// - shared stays browser-safe (no server packages, no Node built-ins);
// - api, realtime and workers are adapters: they import core, infra and shared, never each other;
// - core holds the use cases: it imports infra and shared, never an adapter; infra is the platform and imports only shared;
// - tests that need several services together live in integration/ or e2e/; tools/ (bench, faults, checks) may
//   import any workspace and no workspace imports it;
// - inside web/src: a feature never imports another feature (what two share lives in a kernel under shared/, or the
//   app passes it in); a feature or a kernel is entered only through its index.ts; kernels know no feature and no app
//   code; the UI kit (components/ui) and lib/ know nothing of the app; features never import app/; and only the api/
//   folder of a feature or a kernel may name an /api/ route.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

const SERVER_PACKAGES = [
  'postgres',
  'ioredis',
  'bullmq',
  'fastify',
  'fastify-*',
  '@fastify/*',
  'socket.io',
  'pino',
  'node:*',
];
const workspace = (name) => [`@app/${name}`, `@app/${name}/*`];

/**
 * Forbids other workspaces by package name and, unless `byPath` is false, by a relative path climbing out of this one.
 * The web app's own folders share names with workspaces (each feature has an api/), so its relative imports are checked
 * by resolved path instead (the web zones below).
 */
function onlyFrom(files, forbidden, message, { byPath = true } = {}) {
  const patterns = [{ group: forbidden.flatMap(workspace), message }];
  if (byPath) patterns.push({ regex: `^(\\.\\./)+(${forbidden.join('|')})/`, message });
  return { files, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

const SERVER_WORKSPACES = ['api', 'realtime', 'workers', 'core', 'infra'];
const ADAPTERS = ['api', 'realtime', 'workers'];
const WEB_IMPORTS_SHARED_ONLY = 'The web app imports only @app/shared.';
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const WEB_FEATURES = foldersIn('web/src/features');
const WEB_KERNELS = foldersIn('web/src/shared');

/** Everything in web/src outside `parent/name` may import it only through its public index.ts. */
const entryZone = (parent, name, kind) => ({
  target: ['web/src/*.{ts,tsx}', `web/src/!(${parent})/**`, `web/src/${parent}/!(${name})/**`],
  from: `web/src/${parent}/${name}`,
  except: ['./index.ts'],
  message: `Import the ${name} ${kind} through web/src/${parent}/${name}/index.ts.`,
});

/** Feature `f` imports no other feature. */
const ownFeatureOnly = (f) => ({
  target: `web/src/features/${f}`,
  from: 'web/src/features',
  except: [`./${f}`],
  message:
    'A feature never imports another feature: move what both need into a kernel (web/src/shared/), or let the app pass it in (a slot, as the listing and dashboard routes do).',
});

const API_ROUTE_MESSAGE =
  'Name /api/ routes only in the api/ folder of a feature or a kernel (web/src/features/<feature>/api/, web/src/shared/<kernel>/api/), beside the schema its answer is parsed by.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/dist/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.d.ts',
      'vitest.config.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    settings: {
      // Without these, import-x reads no TypeScript module's imports, and no-cycle sees no cycle through one.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // React's rules of hooks (with the compiler's checks) and static accessibility checks, on every component.
  { files: ['web/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  { files: ['web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['web/**/*.tsx'],
    // The UI kit's controls are checked as the elements they draw.
    settings: {
      'jsx-a11y': { components: { Button: 'button', Input: 'input', Select: 'select', Textarea: 'textarea' } },
    },
  },
  onlyFrom(['web/**'], SERVER_WORKSPACES, WEB_IMPORTS_SHARED_ONLY, { byPath: false }),
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            { target: 'web', from: SERVER_WORKSPACES, message: WEB_IMPORTS_SHARED_ONLY },
            ...WEB_FEATURES.map(ownFeatureOnly),
            ...WEB_FEATURES.map((f) => entryZone('features', f, 'feature')),
            ...WEB_KERNELS.map((k) => entryZone('shared', k, 'kernel')),
            entryZone('components', 'ui', 'UI kit'),
            {
              target: 'web/src/shared',
              from: ['web/src/features', 'web/src/app'],
              message: 'A kernel is shared by the features: it knows no feature and no app code.',
            },
            {
              target: 'web/src/components',
              from: ['web/src/features', 'web/src/shared', 'web/src/app'],
              message: 'The UI kit draws controls: it knows no feature, no kernel and no app code.',
            },
            {
              target: 'web/src/lib',
              from: ['web/src/features', 'web/src/shared', 'web/src/components', 'web/src/app'],
              message: 'lib/ is generic plumbing: it knows no feature, no kernel, no component and no app code.',
            },
            {
              target: 'web/src/features',
              from: 'web/src/app',
              message: 'The app composes the features; a feature never imports app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/features/*/api/**', 'web/src/shared/*/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api\\//]', message: API_ROUTE_MESSAGE },
        { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: API_ROUTE_MESSAGE },
      ],
    },
  },
  {
    files: ['shared/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@app/*'], message: 'shared is imported by every workspace and imports none of them.' },
            {
              group: SERVER_PACKAGES,
              message: 'shared runs in the browser too: no server packages or Node built-ins.',
            },
          ],
        },
      ],
    },
  },
  onlyFrom(
    ['infra/**'],
    [...ADAPTERS, 'core', 'web', 'tools'],
    'infra is the platform (database, Redis, events transport, logging): it imports only shared.',
  ),
  onlyFrom(
    ['core/**'],
    [...ADAPTERS, 'web', 'tools'],
    'core holds the use cases the adapters call (api, realtime, workers): it never imports an adapter.',
  ),
  onlyFrom(
    ['api/**'],
    ['realtime', 'workers', 'web', 'tools'],
    'The API never imports another service: tests across services go in integration/.',
  ),
  onlyFrom(
    ['realtime/**'],
    ['api', 'workers', 'web', 'tools'],
    'The gateway never imports another service: tests across services go in integration/.',
  ),
  onlyFrom(
    ['workers/**'],
    ['api', 'realtime', 'web', 'tools'],
    'The workers never import another service: tests across services go in integration/.',
  ),
);
