import { expect, it } from 'vitest';
import { DEMO_USER, type Auction } from '@app/shared';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';
import { createSql } from '@app/infra';

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

it("the report's market values are the listing's AI value (retail) with trade-in below and certified above; an unvalued car's are not available", async () => {
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
  const page = await t.browser.newPage();
  // Every sample listing with a VIN, the premium-only Ferrari among them: the report never contradicts the listing.
  for (const listing of list.filter((a) => a.car.vin && a.car.aiEstimatedValue).slice(0, 4)) {
    await page.goto(`${t.stack.baseUrl}/listing/${listing.id}`);
    const card = page.getByTestId('history-report');
    await card.getByTestId('history-market-value').waitFor({ timeout: 20_000 });
    const aiValue = dollars(await page.getByTestId('ai-value').innerText());
    const [tradeIn = 0, retail = 0, certified = 0] = await Promise.all(
      ['market-trade-in', 'market-retail', 'market-certified'].map(async (id) =>
        dollars(await card.getByTestId(id).innerText()),
      ),
    );
    expect(retail).toBe(aiValue);
    expect(tradeIn).toBeGreaterThan(0);
    expect(tradeIn).toBeLessThan(retail);
    expect(certified).toBeGreaterThan(retail);
    expect(certified).toBeLessThan(retail * 1.2);
  }

  const unvalued = list.find((a) => a.car.vin && a.car.aiEstimatedValue)!;
  const sql = createSql(t.stack.databaseUrl, { max: 1 });
  try {
    await sql`update cars set ai_estimated_value = null where vin = ${unvalued.car.vin}`;
    await page.goto(`${t.stack.baseUrl}/listing/${unvalued.id}`);
    await page.getByTestId('ai-value').getByText('Not yet valued').waitFor();
    const value = page.getByTestId('history-report').getByTestId('history-market-value');
    await value.getByText('Market value not available').waitFor({ timeout: 20_000 });
    expect(await value.innerText()).not.toContain('$0');
  } finally {
    await sql`update cars set ai_estimated_value = ${unvalued.car.aiEstimatedValue} where vin = ${unvalued.car.vin}`;
    await sql.end();
  }
  await page.close();
});
