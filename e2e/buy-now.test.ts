import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { centsToDecimal, formatCents, saleFees, toCents, type Auction } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';

const t = useStackAndBrowser();

async function calculatorTotal(page: Page, url: string, price: string): Promise<string> {
  await page.goto(url);
  await page.getByTestId('fee-calculator-price').fill(price);
  return (await page.getByTestId('buyer-fees').getByTestId('total-due').textContent()) ?? '';
}

it('buys a car outright; the dialog, the escrow page, /pricing and /terms-of-service show the same total due, and the escrow page follows payment live', async () => {
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const auction = list.find(
    (a) => a.buyItNowPrice !== null && toCents(a.currentBid) < toCents(a.buyItNowPrice) && Date.parse(a.endTime) - Date.now() > 5 * 60_000,
  )!;
  const priceCents = toCents(auction.buyItNowPrice!);
  const expectedTotal = formatCents(saleFees(priceCents).buyerTotalCents);

  const context = await t.browser.newContext();
  await signInContext(context, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const page = await context.newPage();
  await page.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await page.getByTestId('buy-now').click();
  await page.getByText("Buyer's premium (5%)").waitFor();
  const dialogTotal = await page.getByRole('dialog').getByTestId('total-due').textContent();
  await page.getByTestId('confirm-buy-now').click();
  await page.getByTestId('toast').getByText('Purchase Successful!').waitFor();
  await page.getByTestId('outcome').getByText('Sold via Buy It Now').waitFor({ timeout: 5000 });

  await page.goto(`${t.stack.baseUrl}/transaction/${auction.id}`);
  expect(await page.getByTestId('escrow-status').textContent()).toBe('PENDING');
  await page.getByText('escrow created').waitFor();
  await page.getByRole('tab', { name: 'payment' }).click();
  const escrowTotal = await page.getByTestId('total-due').textContent();

  const other = await context.newPage();
  const pricingTotal = await calculatorTotal(other, `${t.stack.baseUrl}/pricing`, centsToDecimal(priceCents));
  const termsTotal = await calculatorTotal(other, `${t.stack.baseUrl}/terms-of-service`, centsToDecimal(priceCents));
  expect({ dialogTotal, escrowTotal, pricingTotal, termsTotal }).toEqual({
    dialogTotal: expectedTotal,
    escrowTotal: expectedTotal,
    pricingTotal: expectedTotal,
    termsTotal: expectedTotal,
  });

  // The buyer accepts the terms on the page and pays with the sandbox's test card; the provider's webhook confirms it
  // a moment later and the open page follows.
  await page.getByRole('button', { name: 'Accept terms' }).click();
  await page.getByTestId('toast').getByText('Terms Accepted').waitFor();
  const headers = { origin: t.stack.baseUrl };
  const { id: transactionId } = (await (await page.request.get(`${t.stack.baseUrl}/api/escrow/transaction/${auction.id}`)).json()) as { id: number };
  expect((await page.request.post(`${t.stack.baseUrl}/api/escrow/payments/intent`, { data: { transactionId }, headers })).ok()).toBe(true);
  const paid = await page.request.post(`${t.stack.baseUrl}/api/escrow/payments/sandbox/confirm`, {
    data: { transactionId, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    headers,
  });
  expect(paid.status()).toBe(202);
  await page.getByTestId('escrow-status').getByText('FUNDED').waitFor({ timeout: 10_000 });

  await page.goto(`${t.stack.baseUrl}/transaction/abc`);
  await page.getByText('The auction ID is missing or invalid.').waitFor();
  await context.close();
});
