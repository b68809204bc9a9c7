import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_USER } from '@app/shared';
import { useStackAndBrowser } from './support/harness.js';
import { openAuction, signInContext } from './support/session.js';

const t = useStackAndBrowser();

const WIDGETS = '[data-testid="assistant"], [data-testid="chat-panel"], [data-testid="chat-open"]';

/**
 * Every control covered, at every scroll position from the top of the page to its end: a button or input outside a
 * floating widget (the assistant and its bubble, the chat button, the open chat panel) that the widget is drawn over,
 * as "widget over control".
 */
async function coveredControls(page: Page): Promise<string[]> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = Math.floor((page.viewportSize()?.height ?? 800) / 2);
  const found = new Set<string>();
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
    const hits = await page.evaluate((selector) => {
      const visible = (r: DOMRect) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight;
      const name = (e: Element) =>
        `${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `#${e.getAttribute('data-testid')}` : ''}(${(e.textContent ?? e.getAttribute('aria-label') ?? '').trim().slice(0, 30)})`;
      const widgets = [...document.querySelectorAll(selector)];
      const controls = [...document.querySelectorAll('button, input, select, textarea, a[role="button"]')].filter(
        (c) => !widgets.some((w) => w.contains(c)),
      );
      const out: string[] = [];
      for (const w of widgets) {
        const a = w.getBoundingClientRect();
        if (!visible(a)) continue;
        for (const c of controls) {
          const b = c.getBoundingClientRect();
          if (!visible(b)) continue;
          const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          if (!overlaps) continue;
          // Over, not under: where the boxes meet, what is drawn on top belongs to the widget (a control of the
          // sticky header passing over a docked panel is not the panel covering it).
          const left = Math.max(a.left, b.left);
          const right = Math.min(a.right, b.right);
          const top = Math.max(a.top, b.top, 0);
          const bottom = Math.min(a.bottom, b.bottom, window.innerHeight);
          const points = [
            [(left + right) / 2, (top + bottom) / 2],
            [left + 1, top + 1],
            [right - 1, bottom - 1],
          ];
          if (points.some(([x, y]) => w.contains(document.elementFromPoint(x!, y!))))
            out.push(`${name(w)} over ${name(c)}`);
        }
      }
      return out;
    }, WIDGETS);
    hits.forEach((h) => found.add(h));
  }
  return [...found];
}

async function signedIn(width: number, height: number): Promise<BrowserContext> {
  const context = await t.browser.newContext({ viewport: { width, height } });
  await signInContext(context, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  return context;
}

it.each([
  [390, 844],
  [1366, 900],
])(
  'at %ix%i no floating widget covers a button or input on a listing (chat closed and open) or the dashboard',
  async (width, height) => {
    const auction = await openAuction(t.stack.baseUrl);
    const context = await signedIn(width, height);
    const page = await context.newPage();
    await page.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
    await page.getByTestId('bid-amount').first().waitFor();
    await page.getByTestId('assistant').waitFor();
    // A tip bubble shown too: it is part of the widget.
    await page.getByRole('button', { name: 'Assistant: show a tip' }).click();
    await page.getByTestId('assistant-bubble').waitFor();
    expect(await coveredControls(page)).toEqual([]);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('chat-open').click();
    const panel = page.getByTestId('chat-panel');
    await panel.waitFor();
    expect(await coveredControls(page)).toEqual([]);
    // The open panel is docked beside the bidding controls: on a desktop it is in the same column as the bid amount, below it.
    if (width >= 1024) {
      const bid = (await page.getByTestId('bid-amount').first().boundingBox())!;
      const docked = (await panel.boundingBox())!;
      expect(Math.abs(docked.x - bid.x)).toBeLessThan(2);
      expect(docked.y).toBeGreaterThan(bid.y);
    }
    await page.getByTestId('chat-input').fill(`Is the service history complete? (asked at ${width} px)`);
    await page.getByTestId('chat-send').click();
    await panel.getByText(`Is the service history complete? (asked at ${width} px)`).waitFor();
    // Each line says when it was written.
    expect(await panel.getByTestId('chat-time').last().getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);

    await page.goto(`${t.stack.baseUrl}/dashboard`);
    await page.getByTestId('assistant').waitFor();
    await page.getByTestId('market-insight').first().waitFor();
    // The seeded sales are dated relative to today: the insights end now, on sales labelled as samples.
    expect(await page.getByTestId('insight-source').allInnerTexts()).toContain('Sample sales');
    expect(await coveredControls(page)).toEqual([]);
    await context.close();
  },
);

it('on a phone, one Escape closes the bid dialog after an invalid bid: the toast does not take the key', async () => {
  const auction = await openAuction(t.stack.baseUrl);
  const context = await signedIn(390, 844);
  const page = await context.newPage();
  await page.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await page.getByRole('button', { name: 'Open bid dialog' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByTestId('bid-amount').fill('1');
  await dialog.getByTestId('place-bid').click();
  await page.getByTestId('toast').getByText('Invalid bid amount').waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', timeout: 2000 });
  await context.close();
});
