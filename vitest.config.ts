import { defineConfig } from 'vitest/config';

// One runner for every workspace. Integration projects share a migrated template database made in globalSetup;
// each test file clones its own database from it and drops it afterwards.
const integration = (name: string) => ({
  extends: true as const,
  test: {
    name,
    include: [`${name}/test/**/*.test.ts`],
    environment: 'node' as const,
    globalSetup: ['infra/test-support/global-setup.ts'],
    // Generous: a limit only ends a test that hangs, and a busy two-core machine runs some of these three times slower.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What another process does (a worker's job, a gateway's broadcast) can take seconds on a busy machine: a poll
    // for it waits up to 10 s, not vitest's 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
});

export default defineConfig({
  // The workspaces' own packages resolve to their TypeScript sources (the "source" export condition), not to dist/.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    projects: [
      { extends: true, test: { name: 'shared', include: ['shared/test/**/*.test.ts'], environment: 'node' } },
      integration('infra'),
      integration('core'),
      integration('api'),
      integration('realtime'),
      integration('workers'),
      {
        // Tests that exercise several services together (API with the gateway or the workers), many of them started
        // as processes of their own: a start on a busy machine can take most of a minute.
        extends: true,
        test: { ...integration('integration').test, include: ['integration/**/*.test.ts'], testTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/support/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['infra/test-support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page's answer to a click can take seconds on a busy machine (the suite shares two cores with its stack
          // and browser); a poll of what the page shows waits as long as a locator would, not vitest's 1 s.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
