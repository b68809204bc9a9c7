// WCAG 2.1 A and AA checks of a page as it stands, by axe-core run inside it. The engine is evaluated through the
// DevTools protocol, not added as a <script>, so the page's Content-Security-Policy (no inline scripts) stays in force.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per rule broken, with where: `/auctions: color-contrast (serious) x8: .badge "Reserve not met" …`. */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_21_AA,
  );
  return results.violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 4)
      .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
      .join(' | ');
    return `${where}: ${v.id} (${v.impact}) x${v.nodes.length}: ${nodes}`;
  });
}

/**
 * Waits for what a person would read: the page's heading, no loading skeleton or spinner left, and the transitions of
 * what just appeared finished (a fading element has the contrast of neither its start nor its end).
 */
export async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('.animate-pulse, .animate-spin, [aria-busy="true"]').length === 0,
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(400);
}
