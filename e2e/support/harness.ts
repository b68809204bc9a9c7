// Every browser test file: a full product of its own and one Chromium, started before its tests and stopped after.
import { afterAll, beforeAll, expect } from 'vitest';
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
    // Every page these tests opened ran under the app's Content-Security-Policy: not one violation may be reported.
    const reports = t.stack?.cspReports() ?? [];
    await t.browser?.close();
    await t.stack?.stop();
    expect(reports).toEqual([]);
  });
  return t;
}
