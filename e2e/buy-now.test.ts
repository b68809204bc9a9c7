import { expect, it } from 'vitest';
import type { Auction } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';

const t = useStackAndBrowser();

it('buys a car outright from the listing and then sees its escrow transaction', async () => {
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const auction = list.find((a) => a.buyItNowPrice !== null && Number(a.currentBid) < Number(a.buyItNowPrice) && Date.parse(a.endTime) - Date.now() > 5 * 60_000)!;
  const context = await t.browser.newContext();
  await signInContext(context, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const page = await context.newPage();
  await page.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await page.getByTestId('buy-now').click();
  await page.getByText('Processing fee (5%)').waitFor();
  await page.getByText('3 business days').waitFor();
  await page.getByTestId('confirm-buy-now').click();
  await page.getByTestId('toast').getByText('Purchase Successful!').waitFor();
  await page.getByTestId('outcome').getByText('Sold via Buy It Now').waitFor({ timeout: 5000 });

  await page.goto(`${t.stack.baseUrl}/transaction/${auction.id}`);
  expect(await page.getByTestId('escrow-status').textContent()).toBe('PENDING');
  await page.getByText('escrow created').waitFor();
  await page.goto(`${t.stack.baseUrl}/transaction/abc`);
  await page.getByText('The auction ID is missing or invalid.').waitFor();
});
