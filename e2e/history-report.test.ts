import { expect, it } from 'vitest';
import { DEMO_USER, type Auction } from '@app/shared';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';

const t = useStackAndBrowser();

it('a seeded listing bought here shows the sale as a recorded ownership change, labels the rest sample data, expands and collapses', async () => {
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const listing = list.find((a) => a.buyItNowPrice && !a.isPremiumOnly && a.car.vin)!;
  expect(listing).toBeDefined();
  const buyer = await t.browser.newContext();
  await signInContext(buyer, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const bought = await buyer.request.post(`${t.stack.baseUrl}/api/auctions/${listing.id}/buy-now`, {
    headers: { origin: t.stack.baseUrl },
    data: {},
  });
  expect(bought.status()).toBe(201);

  const page = await buyer.newPage();
  await page.goto(`${t.stack.baseUrl}/listing/${listing.id}`);
  const card = page.getByTestId('history-report');
  const score = card.getByTestId('history-score');
  await score.waitFor({ timeout: 20_000 });
  const value = Number(await score.innerText());
  expect(await score.getAttribute('data-band')).toBe(value >= 80 ? 'good' : value >= 60 ? 'fair' : 'poor');
  expect(await card.getByTestId('sample-label').count()).toBeGreaterThan(0);
  expect(await card.getByTestId('history-recalls').locator('li').count()).toBeLessThanOrEqual(2);

  await card.getByText('Show Full Report Details').click();
  const owners = card.getByTestId('history-owners');
  await owners.getByText(/Buyer \(Buy It Now on this marketplace, escrow pending\)/).waitFor();
  expect(await owners.getByTestId('platform-label').count()).toBe(2);
  expect(await card.getByTestId('history-service').locator('li').count()).toBeLessThanOrEqual(5);
  await card.getByText('Hide Full Report Details').click();
  await card.getByTestId('history-details').waitFor({ state: 'detached' });
  await card.getByTestId('history-refresh').click();
  await score.waitFor();

  // A provider failure (as the API answers it: 502 with the provider's message) shows "Report Unavailable".
  const failing = await buyer.newPage();
  await failing.route('**/api/carfax-report', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'No records service: try again later' }),
    }),
  );
  await failing.goto(`${t.stack.baseUrl}/listing/${listing.id}`);
  const unavailable = failing.getByTestId('history-unavailable');
  await unavailable.getByText('Report Unavailable').waitFor();
  await unavailable.getByText('No records service: try again later').waitFor();
  await buyer.close();
});
