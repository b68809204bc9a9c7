import { expect, it } from 'vitest';
import postgres from 'postgres';
import type { BrowserContext, Page } from 'playwright-core';
import {
  DEMO_ADMIN,
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
import { signInContext } from './support/session.js';

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
  await buyer.getByTestId('toast').getByText('Purchase Successful!').waitFor();
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
  expect(
    (
      await admin.request.post(`${t.stack.baseUrl}/api/admin/login`, {
        data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
        headers,
      })
    ).ok(),
  ).toBe(true);
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
