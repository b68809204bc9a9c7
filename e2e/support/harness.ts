// Every browser test file: a full product of its own and one Chromium, started before its tests and stopped after.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startStack, type Stack } from './stack.js';
import { launchBrowser } from './browser.js';

export function useStackAndBrowser(): { stack: Stack; browser: Browser } {
  const t = {} as { stack: Stack; browser: Browser };
  beforeAll(async () => {
    t.stack = await startStack();
    t.browser = await launchBrowser();
  });
  afterAll(async () => {
    await t.browser?.close();
    await t.stack?.stop();
  });
  return t;
}
