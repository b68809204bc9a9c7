import { expect, it } from 'vitest';
import { useStackAndBrowser } from './support/harness.js';

const t = useStackAndBrowser();

it('opens Home, goes to Auctions, sees live countdowns, opens a card and lands on its listing', async () => {
  const page = await t.browser.newPage();
  await page.goto(t.stack.baseUrl);
  await page.getByRole('heading', { name: 'Buy Smarter. Bid Faster. Flip for Profit.' }).waitFor();
  await page.getByRole('link', { name: 'Browse Auctions' }).first().click();
  await page.waitForURL(`${t.stack.baseUrl}/auctions`);
  await page.getByRole('heading', { name: 'Live Auctions' }).waitFor();
  const cards = page.getByTestId('auction-card');
  await cards.first().waitFor();
  expect(await cards.count()).toBeGreaterThanOrEqual(24);
  const countdown = cards.first().getByTestId('countdown');
  const before = await countdown.textContent();
  // It ticks every second; a busy machine may delay one tick, so wait a few for the change.
  await expect.poll(() => countdown.textContent(), { timeout: 10_000 }).not.toBe(before);
  const title = (await cards.first().locator('h3').textContent())!.trim();
  await cards.first().click();
  await page.waitForURL(/\/listing\/\d+$/);
  expect(await page.getByTestId('listing-title').textContent()).toBe(title);
});

it('shows the 404 page for an unknown path', async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/no/such/page`);
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
});

it('sorts the list for real when another order is chosen', async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/auctions`);
  await page.getByTestId('auction-card').first().waitFor();
  await page.getByTestId('sort-select').selectOption('price-high');
  await page.waitForFunction(() => {
    const bids = [...document.querySelectorAll('[data-testid="card-current-bid"]')].map((e) =>
      Number(e.textContent!.replace(/[^0-9]/g, '')),
    );
    return bids.length > 3 && bids.every((b, i) => i === 0 || bids[i - 1]! >= b);
  });
});
