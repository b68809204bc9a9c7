// The UI kit's keyboard behaviour in a real browser: tabs move with the arrow keys, and a dialog keeps focus inside
// until Escape closes it and hands focus back.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USER } from '@app/shared';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';

const t = useStackAndBrowser();

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
/** Radix's roving focus moves focus in a timeout after the key: wait for it to land (or the wait times out). */
const focusLandsOn = async (page: Page, testId: string) => {
  await page
    .waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId, { timeout: 5_000 })
    .catch(() => undefined);
  return focusedTestId(page);
};

it('moves between the forum categories with the arrow keys, Home and End, each choosing its category', async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/community`);
  const all = page.getByTestId('forum-tab-all');
  // Enabled once the app has drawn over the page's HTML, whose controls do nothing until then.
  await all.and(page.locator('[aria-selected="true"]:enabled')).waitFor();
  await all.focus();
  await page.keyboard.press('ArrowRight');
  expect(await focusLandsOn(page, 'forum-tab-general')).toBe('forum-tab-general');
  await page.getByTestId('forum-tab-general').and(page.locator('[aria-selected="true"]')).waitFor();
  expect(await all.getAttribute('aria-selected')).toBe('false');
  await page.keyboard.press('End');
  expect(await focusLandsOn(page, 'forum-tab-reviews')).toBe('forum-tab-reviews');
  await page.getByTestId('forum-tab-reviews').and(page.locator('[aria-selected="true"]')).waitFor();
  await page.keyboard.press('Home');
  await all.and(page.locator('[aria-selected="true"]')).waitFor();
  // The list shown is the chosen tab's panel.
  expect(await page.getByRole('tabpanel').getByTestId('forum-list').count()).toBe(1);
  await page.close();
});

it('keeps focus inside the VIN scanner while it is open, closes it on Escape and returns focus to Scan', async () => {
  const context = await t.browser.newContext();
  await signInContext(context, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const page = await context.newPage();
  await page.goto(`${t.stack.baseUrl}/submit`);
  const scan = page.getByTestId('scan-vin');
  await scan.click();
  const scanner = page.getByRole('dialog', { name: 'Scan VIN' });
  await scanner.getByTestId('camera-error').waitFor();
  const insideScanner = () =>
    page.evaluate(() => document.querySelector('[data-testid="vin-scanner"]')!.contains(document.activeElement));
  expect(await insideScanner()).toBe(true);
  // More presses than the scanner has controls: focus wraps around inside it, never reaching the page behind.
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await insideScanner()).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await insideScanner()).toBe(true);
  await page.keyboard.press('Escape');
  await page.getByTestId('vin-scanner').waitFor({ state: 'detached' });
  expect(await focusLandsOn(page, 'scan-vin')).toBe('scan-vin');
  await context.close();
});
