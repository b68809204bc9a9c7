import { expect, it } from 'vitest';
import postgres from 'postgres';
import type { BrowserContext, Page } from 'playwright-core';
import {
  DEMO_USER,
  FEE_SCHEDULE,
  centsToDecimal,
  formatCents,
  saleFees,
  toCents,
  type Auction,
  type FeeSchedule,
} from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext, signInDemoAdmin } from './support/session.js';

const t = useStackAndBrowser();

interface Figures {
  totalDue: string;
  sellerProceeds: string;
}
const expected = (priceCents: number, schedule: FeeSchedule): Figures => {
  const f = saleFees(priceCents, schedule);
  return { totalDue: formatCents(f.buyerTotalCents), sellerProceeds: formatCents(f.sellerProceedsCents) };
};
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).first().textContent()) ?? '';

async function calculator(page: Page, url: string, priceCents: number): Promise<Figures> {
  await page.goto(url);
  await page.getByTestId('fee-calculator-price').fill(centsToDecimal(priceCents));
  await page.getByTestId('buyer-fees').waitFor();
  return { totalDue: await text(page, 'total-due'), sellerProceeds: await text(page, 'seller-proceeds') };
}

async function escrowFigure(page: Page, auctionId: number, testId: 'total-due' | 'seller-proceeds'): Promise<string> {
  await page.goto(`${t.stack.baseUrl}/transaction/${auctionId}`);
  await page.getByText('escrow created').waitFor();
  await page.getByRole('tab', { name: 'payment' }).click();
  await page.getByTestId(testId).waitFor();
  return text(page, testId);
}

/** Buys the auction through its dialog and reads what every screen says the buyer owes and the seller receives. */
async function buyAndRead(buyer: Page, seller: Page, other: Page, auction: Auction, commissionText: string) {
  const priceCents = toCents(auction.buyItNowPrice!);
  await buyer.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await buyer.getByTestId('buy-now').click();
  const dialog = buyer.getByRole('dialog');
  await dialog.getByText("Buyer's premium (5%)").waitFor();
  await dialog.getByText(`Seller's commission (${commissionText})`).waitFor({ state: 'attached' });
  const inDialog = {
    totalDue: (await dialog.getByTestId('total-due').textContent()) ?? '',
    sellerProceeds: (await dialog.getByTestId('seller-proceeds').textContent()) ?? '',
  };
  await buyer.getByTestId('confirm-buy-now').click();
  // Polled for its text, so a failure names the toast that showed instead.
  await expect
    .poll(async () => (await buyer.getByTestId('toast').allTextContents()).join(' | '), { timeout: 30_000 })
    .toContain('Purchase Successful!');
  await buyer.getByTestId('outcome').getByText('Sold via Buy It Now').waitFor({ timeout: 10_000 });

  const onEscrowPage = {
    totalDue: await escrowFigure(buyer, auction.id, 'total-due'),
    sellerProceeds: await escrowFigure(seller, auction.id, 'seller-proceeds'),
  };
  const onPricing = await calculator(other, `${t.stack.baseUrl}/pricing`, priceCents);
  await other
    .getByTestId('fee-schedule')
    .getByText(`Seller's commission: ${commissionText} of the sale price.`)
    .waitFor();
  const onTerms = await calculator(other, `${t.stack.baseUrl}/terms-of-service`, priceCents);
  return { inDialog, onEscrowPage, onPricing, onTerms };
}

async function signedIn(email: string, password: string): Promise<BrowserContext> {
  const context = await t.browser.newContext();
  await signInContext(context, t.stack.baseUrl, email, password);
  return context;
}

it('the buy-now dialog, the escrow page, /pricing and /terms-of-service show the same total due and the same seller proceeds, before and after an admin changes the commission; the escrow page follows payment live', async () => {
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const [first, second] = list.filter(
    (a) =>
      a.buyItNowPrice !== null &&
      !a.isPremiumOnly &&
      toCents(a.currentBid) < toCents(a.buyItNowPrice) &&
      Date.parse(a.endTime) - Date.now() > 5 * 60_000,
  );
  // Sample cars given to the demo dealer, so each sale has a seller whose escrow page shows the proceeds.
  const sql = postgres(t.stack.databaseUrl, { max: 1 });
  await sql`update cars set owner_id = (select id from users where email = ${DEMO_USER.email}) where id in (select car_id from auctions where id in ${sql([first!.id, second!.id])})`;
  await sql.end();

  const buyerContext = await signedIn(DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const sellerContext = await signedIn(DEMO_USER.email, DEMO_USER.password);
  const [page, seller, other] = [
    await buyerContext.newPage(),
    await sellerContext.newPage(),
    await (await t.browser.newContext()).newPage(),
  ];

  // The standard schedule.
  const before = await buyAndRead(page, seller, other, first!, '3%');
  const standard = expected(toCents(first!.buyItNowPrice!), FEE_SCHEDULE);
  expect(before).toEqual({ inDialog: standard, onEscrowPage: standard, onPricing: standard, onTerms: standard });

  // Both parties accept the terms on the page and the buyer pays with the sandbox's test card; the provider's webhook
  // confirms it a moment later and the open page follows.
  await escrowFigure(page, first!.id, 'total-due');
  for (const party of [page, seller]) {
    await party.getByRole('button', { name: 'Accept terms' }).click();
    await party.getByTestId('toast').getByText('Terms Accepted').waitFor();
  }
  const headers = { origin: t.stack.baseUrl };
  const { id: transactionId } = (await (
    await page.request.get(`${t.stack.baseUrl}/api/escrow/transaction/${first!.id}`)
  ).json()) as { id: number };
  expect(
    (
      await page.request.post(`${t.stack.baseUrl}/api/escrow/payments/intent`, { data: { transactionId }, headers })
    ).ok(),
  ).toBe(true);
  const paid = await page.request.post(`${t.stack.baseUrl}/api/escrow/payments/sandbox/confirm`, {
    data: { transactionId, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    headers,
  });
  expect(paid.status()).toBe(202);
  await page.getByTestId('escrow-status').getByText('FUNDED').waitFor({ timeout: 10_000 });

  // An admin raises the seller's commission to 7%: the next sale, and every screen, use it.
  const admin = await t.browser.newContext();
  await signInDemoAdmin(admin, t.stack);
  expect(
    (
      await admin.request.patch(`${t.stack.baseUrl}/api/admin/settings`, { data: { commissionRatePct: 7 }, headers })
    ).ok(),
  ).toBe(true);
  const after = await buyAndRead(page, seller, other, second!, '7%');
  const raised = expected(toCents(second!.buyItNowPrice!), { ...FEE_SCHEDULE, sellersCommissionBps: 700 });
  expect(raised.sellerProceeds).not.toBe(expected(toCents(second!.buyItNowPrice!), FEE_SCHEDULE).sellerProceeds);
  expect(after).toEqual({ inDialog: raised, onEscrowPage: raised, onPricing: raised, onTerms: raised });
  // The first sale keeps the schedule it was made with.
  expect(await escrowFigure(seller, first!.id, 'seller-proceeds')).toBe(standard.sellerProceeds);

  await page.goto(`${t.stack.baseUrl}/transaction/abc`);
  await page.getByText('The auction ID is missing or invalid.').waitFor();
  await Promise.all([buyerContext.close(), sellerContext.close(), admin.close()]);
});

it("a member's win is a real sale: no sample label on the listing or in the Ended view, and the winner's listing leads to the payment", async () => {
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  // A sample car (listed by the demo seed) bought outright by a member: the sale and its escrow are real.
  const auction = list.find(
    (a) =>
      a.isSample &&
      a.buyItNowPrice !== null &&
      !a.isPremiumOnly &&
      toCents(a.currentBid) < toCents(a.buyItNowPrice) &&
      Date.parse(a.endTime) - Date.now() > 5 * 60_000,
  )!;
  const buyerContext = await signedIn(DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const buyer = await buyerContext.newPage();
  await buyer.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await buyer.getByTestId('buy-now').click();
  await buyer.getByTestId('confirm-buy-now').click();
  // Polled for its text, so a failure names the toast that showed instead.
  await expect
    .poll(async () => (await buyer.getByTestId('toast').allTextContents()).join(' | '), { timeout: 30_000 })
    .toContain('Purchase Successful!');
  await buyer.getByTestId('outcome').getByText('Sold via Buy It Now').waitFor({ timeout: 10_000 });

  // The open page follows the sale: the winner is sent to the payment, and nothing calls it a sample.
  const payLink = buyer.getByTestId('sale-escrow-link').getByRole('link', { name: 'Go to payment' });
  await payLink.waitFor({ timeout: 10_000 });
  expect(await buyer.getByTestId('sample-sale').count()).toBe(0);
  // The same after a reload, and for a visitor, who sees no way into someone else's escrow.
  await buyer.reload();
  await payLink.waitFor();
  expect(await buyer.getByTestId('sample-sale').count()).toBe(0);
  const visitor = await (await t.browser.newContext()).newPage();
  await visitor.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await visitor.getByTestId('outcome').getByText('Sold via Buy It Now').waitFor();
  expect(await visitor.getByTestId('sample-sale').count()).toBe(0);
  expect(await visitor.getByTestId('sale-escrow-link').count()).toBe(0);

  // The Ended view labels the seeded sales as samples, and this one not.
  await visitor.goto(`${t.stack.baseUrl}/auctions?view=ended`);
  const card = visitor.locator(`[data-testid="auction-card"][href="/listing/${auction.id}"]`);
  await card.getByTestId('outcome').waitFor();
  expect(await card.getByTestId('sample-sale').count()).toBe(0);
  expect(await visitor.getByTestId('auction-card').getByTestId('sample-sale').count()).toBeGreaterThan(0);

  // The link leads to the payment: the escrow page of this sale, where the buyer accepts the terms and pays.
  await payLink.click();
  await buyer.waitForURL(`${t.stack.baseUrl}/transaction/${auction.id}`);
  await buyer.getByTestId('escrow-status').getByText('PENDING', { exact: true }).waitFor();
  await buyer.getByRole('button', { name: 'Accept terms' }).waitFor();
  await buyer.getByRole('tab', { name: 'payment' }).click();
  await buyer.getByTestId('payment-schedule').waitFor();
  await Promise.all([buyerContext.close(), visitor.context().close()]);
});
