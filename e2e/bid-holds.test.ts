import { expect, it } from 'vitest';
import { toCents } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { openAuction, registeredContext, signInContext } from './support/session.js';

const t = useStackAndBrowser();

it('a new member is sent to add a card, adds the test card, bids, is outbid and sees the hold released', async () => {
  const { baseUrl } = t.stack;
  const auction = await openAuction(baseUrl);
  const { context } = await registeredContext(t.browser, t.stack, 'Hold Bidder');
  const page = await context.newPage();
  await page.goto(`${baseUrl}/listing/${auction.id}`);
  const first = toCents(auction.currentBid) + 2000_00;
  await page
    .getByTestId('bid-amount')
    .first()
    .fill(String(first / 100));
  await page.getByTestId('place-bid').first().click();
  const needCard = page.getByTestId('card-required');
  await needCard.getByText('Add a card before your first bid', { exact: false }).waitFor();
  await needCard.getByRole('link', { name: 'Add a card' }).click();
  await page.waitForURL(/\/dashboard#card$/);

  const panel = page.getByTestId('payment-card-panel');
  await panel.getByTestId('no-card').waitFor();
  // The declining test card is refused at once, the good one is saved when the provider's webhook confirms it.
  await panel.getByLabel('Card number').fill('4000 0000 0000 0002');
  await panel.getByLabel('Expiry (MM/YY)').fill('12/34');
  await panel.getByLabel('CVC').fill('123');
  await panel.getByTestId('save-card').click();
  await page.getByTestId('toast').getByText('Your card was declined').first().waitFor();
  await panel.getByLabel('Card number').fill('4242 4242 4242 4242');
  await panel.getByTestId('save-card').click();
  await panel.getByTestId('card-on-file').getByText('ending in 4242').waitFor({ timeout: 10_000 });
  expect((await panel.getByTestId('card-on-file').textContent())?.toLowerCase()).toBe('visa ending in 4242');

  await page.goto(`${baseUrl}/listing/${auction.id}`);
  await page
    .getByTestId('bid-amount')
    .first()
    .fill(String(first / 100));
  await page.getByTestId('place-bid').first().click();
  await page.getByTestId('toast').getByText('Bid placed successfully!').waitFor();

  await page.goto(`${baseUrl}/dashboard#card`);
  const hold = panel.getByTestId(`hold-${auction.id}`);
  await hold.getByTestId('hold-status').getByText('Placed').waitFor();
  // The buyer's premium (5%) of the bid.
  expect(await hold.textContent()).toContain(`$${((first * 0.05) / 100).toLocaleString('en-US')}`);

  const rival = await t.browser.newContext();
  await signInContext(rival, baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const outbid = await rival.request.post(`${baseUrl}/api/bids`, {
    data: { auctionId: auction.id, amount: String((first + 1000_00) / 100) },
    headers: { origin: baseUrl },
  });
  expect(outbid.status(), await outbid.text()).toBe(201);
  // Released within a minute of being outbid for good; the page follows without a reload.
  await hold.getByTestId('hold-status').getByText('Released').waitFor({ timeout: 60_000 });
  expect(await hold.getAttribute('data-status')).toBe('released');
});
