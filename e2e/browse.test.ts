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
  // A screenful of cards first, then the rest.
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(24);
  const countdown = cards.first().getByTestId('countdown');
  const before = await countdown.textContent();
  // It ticks every second; a busy machine may delay one tick, so wait a few for the change.
  await expect.poll(() => countdown.textContent(), { timeout: 10_000 }).not.toBe(before);
  const title = (await cards.first().locator('h3').textContent())!.trim();
  await cards.first().click();
  await page.waitForURL(/\/listing\/\d+$/);
  expect(await page.getByTestId('listing-title').textContent()).toBe(title);
});

it('answers an unknown path 404 and shows the 404 page; a page of the app opened by its address answers 200', async () => {
  const page = await t.browser.newPage();
  for (const path of ['/no/such/page', '/auctionsx', '/listing']) {
    const res = await page.goto(`${t.stack.baseUrl}${path}`);
    expect(res?.status(), path).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.title()).toBe('Page Not Found · CarBid');
  }
  for (const path of ['/how-it-works', '/pricing', '/community']) {
    const res = await page.goto(`${t.stack.baseUrl}${path}`);
    expect(res?.status(), path).toBe(200);
    await page.locator('h1').first().waitFor();
    expect(await page.getByRole('heading', { name: '404 Page Not Found' }).count()).toBe(0);
  }
});

it('serves /robots.txt as a plain-text file naming the sitemap, not the app', async () => {
  const res = await fetch(`${t.stack.baseUrl}/robots.txt`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  const body = await res.text();
  expect(body).not.toContain('<html');
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/robots.txt`);
  expect(await page.locator('body').innerText()).toContain('Disallow: /api/');
  expect(await page.locator('#root').count()).toBe(0);
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
