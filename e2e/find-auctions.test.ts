// Finding a car: the category filter, the search and the order narrow the list on the server, the address holds them
// (a reload shows the same list), and the Ended view lists how recent auctions ended.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ENDED_AUCTIONS_PAGE, type Auction } from '@app/shared';
import { useStackAndBrowser } from './support/harness.js';

const t = useStackAndBrowser();

const titles = (page: Page) =>
  page
    .getByTestId('auction-card')
    .locator('h3')
    .allTextContents()
    .then((xs) => xs.map((x) => x.trim()).sort());
const titleOf = (a: Auction) => `${a.car.year} ${a.car.make} ${a.car.model}`;

it('the category and a make/model search narrow the list, the URL holds them, and a reload keeps them', async () => {
  const all = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const suvs = all.filter((a) => a.car.category === 'suv');
  const porscheSuvs = suvs.filter((a) => a.car.make === 'Porsche');
  expect(suvs.length).toBeGreaterThan(2);
  expect(suvs.length).toBeLessThan(all.length);
  expect(porscheSuvs.length).toBeGreaterThan(0);

  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/auctions`);
  // The first screenful is in the HTML; the rest comes when the app has started (seconds on a busy machine).
  await expect.poll(() => page.getByTestId('auction-card').count(), { timeout: 15_000 }).toBe(all.length);

  await page.getByTestId('category-select').selectOption('suv');
  await page.waitForURL(/[?&]category=suv/);
  await expect.poll(() => titles(page)).toEqual(suvs.map(titleOf).sort());

  await page.getByTestId('auction-search').fill('porsche');
  await page.waitForURL(/[?&]q=porsche/);
  await expect.poll(() => titles(page)).toEqual(porscheSuvs.map(titleOf).sort());

  await page.getByTestId('sort-select').selectOption('price-low');
  await page.waitForURL(/[?&]sort=price-low/);
  expect(new URL(page.url()).searchParams.get('category')).toBe('suv');

  await page.reload();
  await page.getByTestId('auction-card').first().waitFor();
  expect(await titles(page)).toEqual(porscheSuvs.map(titleOf).sort());
  expect(await page.getByTestId('category-select').inputValue()).toBe('suv');
  expect(await page.getByTestId('sort-select').inputValue()).toBe('price-low');
  expect(await page.getByTestId('auction-search').inputValue()).toBe('porsche');

  // A search that matches nothing says so, and clearing it brings the list back.
  await page.getByTestId('auction-search').fill('zzzz');
  await page.getByTestId('no-auctions').waitFor();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  // The whole list is read again once the filters are cleared (seconds on a busy machine).
  await expect.poll(() => page.getByTestId('auction-card').count(), { timeout: 15_000 }).toBe(all.length);
  await page.close();
});

it('an address with the filters opens on the narrowed list, sorted by the price each card shows', async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/auctions?category=suv&sort=price-low`);
  await page.getByTestId('auction-card').first().waitFor();
  const prices = (await page.getByTestId('card-current-bid').allTextContents()).map((p) =>
    Number(p.replace(/[^0-9]/g, '')),
  );
  expect(prices.length).toBeGreaterThan(2);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  expect(prices.every((p) => p > 0)).toBe(true);
  await page.close();
});

it('the Ended view lists ended auctions with their final prices and how they ended, and searches them too', async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/auctions`);
  await page.getByTestId('auction-card').first().waitFor();
  await page.getByTestId('view-ended').click();
  await page.waitForURL(/[?&]view=ended/);
  await page.getByRole('heading', { name: 'Ended Auctions' }).waitFor();
  const cards = page.getByTestId('auction-card');
  await cards.first().getByTestId('outcome').waitFor();
  expect(await cards.count()).toBeGreaterThan(3);
  expect(await cards.getByTestId('countdown').count()).toBe(0);
  const first = cards.first();
  const price = await first.getByTestId('card-current-bid').textContent();
  expect(await first.getByTestId('card-price-label').textContent()).toBe('Sold for');
  expect(price).toMatch(/^\$[\d,]+$/);
  expect(await first.getByTestId('outcome').textContent()).toBe('Sold');
  // The seeded sales are made up, and say so.
  await first.getByText('Sample sale').waitFor();

  // A page at a time: "Show more" adds the next ones after a cursor, each auction once.
  expect(await cards.count()).toBe(ENDED_AUCTIONS_PAGE);
  await page.getByTestId('show-more').click();
  await expect.poll(() => cards.count()).toBeGreaterThan(ENDED_AUCTIONS_PAGE);
  const hrefs = await cards.evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(new Set(hrefs).size).toBe(hrefs.length);

  await page.getByTestId('auction-search').fill('ferrari');
  await page.waitForURL(/[?&]q=ferrari/);
  await expect
    .poll(async () => {
      const found = await titles(page);
      return found.length > 0 && found.every((x) => x.includes('Ferrari'));
    })
    .toBe(true);
  await page.close();
});
