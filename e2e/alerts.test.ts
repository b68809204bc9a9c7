import { expect, it } from 'vitest';
import { DEMO_USER, centsToDecimal, toCents } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { openAuction, signInContext } from './support/session.js';

const t = useStackAndBrowser();

it("creates a priceTarget alert from the dashboard panel and shows the 'Bid Alert' toast when another user's bid reaches it", async () => {
  const auction = await openAuction(t.stack.baseUrl);
  const owner = await t.browser.newContext();
  await signInContext(owner, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const page = await owner.newPage();
  await page.goto(`${t.stack.baseUrl}/dashboard`);
  await page.getByText('No alerts configured').waitFor();
  await page.getByTestId('new-alert').click();
  await page.getByTestId('alert-auction').selectOption(String(auction.id));
  await page.getByTestId('alert-type').selectOption('priceTarget');
  const target = toCents(auction.currentBid) + 2000_00;
  await page.getByTestId('alert-price').fill(centsToDecimal(target));
  await page.getByTestId('alert-create').click();
  await page.getByTestId('toast').getByText('Alert Created').waitFor();
  await page.getByTestId('alert-row').waitFor();
  expect(await page.getByTestId('active-alert-count').textContent()).toBe('1 active');
  await page.waitForTimeout(800);

  const rival = await t.browser.newContext();
  await signInContext(rival, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const res = await rival.request.post(`${t.stack.baseUrl}/api/bids`, {
    data: { auctionId: auction.id, amount: centsToDecimal(target) },
    headers: { origin: t.stack.baseUrl },
  });
  expect(res.status()).toBe(201);
  await page.getByTestId('toast').getByText('Bid Alert').waitFor({ timeout: 10_000 });
  await page
    .getByTestId('toast')
    .getByText(/reached your target price/)
    .waitFor();
});
