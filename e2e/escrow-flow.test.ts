import { expect, it } from 'vitest';
import postgres from 'postgres';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_USER, FEE_SCHEDULE, formatCents, saleFees, toCents, type Auction } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';
import { pdfDocument } from '../infra/test-support/documents.js';

const t = useStackAndBrowser();

const PDF = pdfDocument();
const LIVE = { timeout: 10_000 };

const tab = (page: Page, name: string) => page.getByRole('tab', { name }).click();
const status = (page: Page, text: string) =>
  page.getByTestId('escrow-status').getByText(text, { exact: true }).waitFor(LIVE);

it('walks one sale from won to funds released with a buyer, a seller and an admin; each step reaches the other pages without a reload', async () => {
  // A sample car with Buy It Now, given to the demo dealer so the sale has a seller.
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const auction = list.find(
    (a) =>
      a.buyItNowPrice !== null &&
      toCents(a.currentBid) < toCents(a.buyItNowPrice) &&
      Date.parse(a.endTime) - Date.now() > 5 * 60_000,
  )!;
  const sql = postgres(t.stack.databaseUrl, { max: 1 });
  await sql`update cars set owner_id = (select id from users where email = ${DEMO_USER.email}) where id = (select car_id from auctions where id = ${auction.id})`;
  await sql.end();
  const total = formatCents(saleFees(toCents(auction.buyItNowPrice!), FEE_SCHEDULE).buyerTotalCents);

  const buyerContext = await t.browser.newContext();
  const sellerContext = await t.browser.newContext();
  const adminContext = await t.browser.newContext();
  await signInContext(buyerContext, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  await signInContext(sellerContext, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const adminLogin = await adminContext.request.post(`${t.stack.baseUrl}/api/admin/login`, {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    headers: { origin: t.stack.baseUrl },
  });
  expect(adminLogin.ok()).toBe(true);

  // Won: the buyer buys it outright.
  const buyer = await buyerContext.newPage();
  await buyer.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await buyer.getByTestId('buy-now').click();
  await buyer.getByTestId('confirm-buy-now').click();
  await buyer.getByTestId('toast').getByText('Purchase Successful!').waitFor();

  const seller = await sellerContext.newPage();
  await buyer.goto(`${t.stack.baseUrl}/transaction/${auction.id}`);
  await seller.goto(`${t.stack.baseUrl}/transaction/${auction.id}`);
  await status(buyer, 'PENDING');
  await status(seller, 'PENDING');
  // Each page's socket joins its user's room at its handshake, a moment after the page shows.
  await Promise.all([buyer.waitForTimeout(1000), seller.waitForTimeout(1000)]);

  // Terms, both sides; each sees the other's acceptance live.
  await buyer.getByRole('button', { name: 'Accept terms' }).click();
  await buyer.getByTestId('toast').getByText('Terms Accepted').waitFor();
  await seller.getByTestId('toast').getByText('The buyer accepted the escrow terms').waitFor(LIVE);
  await seller.getByRole('button', { name: 'Accept terms' }).click();
  await seller.getByTestId('toast').getByText('Terms Accepted').waitFor();
  await buyer.getByTestId('escrow-next-step').getByText(`Pay ${total} by`).waitFor(LIVE);

  // Payment: a declined card first, then the sandbox's test card; the provider's webhook funds the escrow.
  await tab(buyer, 'payment');
  await buyer.getByTestId('sandbox-label').waitFor();
  const card = buyer.getByTestId('card-form');
  // The buyer may pay a 10% deposit first instead; this sale is paid in one go.
  await card.getByRole('button', { name: /^Pay deposit \$[\d,]+$/ }).waitFor();
  await card.getByLabel('Card number').fill('4000 0000 0000 0002');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: `Pay ${total}` }).click();
  // Declined at once; the provider's failure notice follows and the schedule shows it.
  await buyer
    .getByTestId('toast')
    .getByText(/declined/)
    .first()
    .waitFor();
  // The payment was for the whole amount: both lines of the schedule (the deposit and the balance) show the decline.
  const declined = buyer.getByTestId('payment-schedule').getByText('failed: Your card was declined');
  await declined.nth(1).waitFor(LIVE);
  expect(await declined.count()).toBe(2);
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByRole('button', { name: `Pay ${total}` }).click();
  await buyer.getByTestId('toast').getByText('Payment submitted').waitFor();
  await status(buyer, 'FUNDED');
  await status(seller, 'FUNDED');

  // Documents: the seller uploads the three; the buyer's page lists them as they arrive.
  await tab(seller, 'documents');
  await tab(buyer, 'documents');
  for (const type of ['title', 'bill_of_sale', 'inspection_report']) {
    await seller
      .getByTestId(`upload-${type}`)
      .setInputFiles({ name: `${type}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await seller.getByTestId('toast').getByText('Document Uploaded').first().waitFor();
    await buyer.getByTestId(`document-${type}`).getByTestId('verification').getByText('pending').waitFor(LIVE);
  }

  // The admin verifies them in the escrow queue; the last one starts the inspection on both parties' pages.
  const admin = await adminContext.newPage();
  await admin.goto(`${t.stack.baseUrl}/admin`);
  await tab(admin, 'auctions');
  const row = admin.locator(`[data-testid="admin-escrow"][data-auction-id="${auction.id}"]`);
  for (const type of ['title', 'bill_of_sale', 'inspection_report']) {
    await row.getByTestId(`admin-document-${type}`).getByRole('button', { name: 'Verify' }).click();
    await row.getByTestId(`admin-document-${type}`).getByText('verified').waitFor(LIVE);
  }
  await status(buyer, 'IN_INSPECTION');
  await status(seller, 'IN_INSPECTION');

  // Shipping: the seller enters the carrier and tracking number; the buyer sees them.
  await tab(seller, 'shipping');
  await tab(buyer, 'shipping');
  const form = seller.getByTestId('shipping-form');
  await form.getByLabel('Carrier').fill('UPS');
  await form.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await form.getByRole('button', { name: 'Save shipping' }).click();
  await buyer.getByTestId('tracking').getByText('UPS 1Z999AA10123456784').waitFor(LIVE);

  // The buyer confirms the inspection: funds released, on every page.
  await buyer.getByRole('button', { name: 'Confirm inspection and release funds' }).click();
  await buyer.getByTestId('toast').getByText('Milestone Completed').waitFor();
  await status(buyer, 'COMPLETED');
  await status(seller, 'COMPLETED');
  await seller.getByTestId('escrow-next-step').getByText('released to you').waitFor(LIVE);
  await tab(seller, 'overview');
  await seller
    .getByTestId('escrow-notice')
    .first()
    .getByText('The buyer confirmed the inspection; the funds are released')
    .waitFor(LIVE);
  await row.getByTestId('admin-escrow-status').getByText('COMPLETED').waitFor(LIVE);

  await Promise.all([buyerContext.close(), sellerContext.close(), adminContext.close()]);
}, 120_000);

it("a dispute with evidence holds the funds; the thread and the mediator's partial refund reach both parties live", async () => {
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const auction = list.find(
    (a) =>
      a.buyItNowPrice !== null &&
      toCents(a.currentBid) < toCents(a.buyItNowPrice) &&
      Date.parse(a.endTime) - Date.now() > 5 * 60_000,
  )!;
  const sql = postgres(t.stack.databaseUrl, { max: 1 });
  await sql`update cars set owner_id = (select id from users where email = ${DEMO_USER.email}) where id = (select car_id from auctions where id = ${auction.id})`;
  await sql.end();

  const buyerContext = await t.browser.newContext();
  const sellerContext = await t.browser.newContext();
  const adminContext = await t.browser.newContext();
  await signInContext(buyerContext, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  await signInContext(sellerContext, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  await adminContext.request.post(`${t.stack.baseUrl}/api/admin/login`, {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    headers: { origin: t.stack.baseUrl },
  });

  // The sale, the terms and the payment through the API (the first test walks them on the pages).
  const headers = { origin: t.stack.baseUrl };
  const bought = await buyerContext.request.post(`${t.stack.baseUrl}/api/auctions/${auction.id}/buy-now`, {
    data: {},
    headers,
  });
  const transactionId = ((await bought.json()) as { transactionId: number }).transactionId;
  await buyerContext.request.post(`${t.stack.baseUrl}/api/escrow/accept-terms`, {
    data: { transactionId, userRole: 'buyer' },
    headers,
  });
  await sellerContext.request.post(`${t.stack.baseUrl}/api/escrow/accept-terms`, {
    data: { transactionId, userRole: 'seller' },
    headers,
  });
  await buyerContext.request.post(`${t.stack.baseUrl}/api/escrow/payments/intent`, {
    data: { transactionId },
    headers,
  });
  await buyerContext.request.post(`${t.stack.baseUrl}/api/escrow/payments/sandbox/confirm`, {
    data: { transactionId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    headers,
  });

  const buyer = await buyerContext.newPage();
  const seller = await sellerContext.newPage();
  await buyer.goto(`${t.stack.baseUrl}/transaction/${auction.id}`);
  await seller.goto(`${t.stack.baseUrl}/transaction/${auction.id}`);
  await status(buyer, 'FUNDED');
  await status(seller, 'FUNDED');
  await Promise.all([buyer.waitForTimeout(1000), seller.waitForTimeout(1000)]);

  await buyer.getByRole('button', { name: 'Open a dispute' }).click();
  await buyer.getByLabel('Describe the problem').fill('The car has a deep scratch the listing did not show');
  const scratch = await buyer.screenshot({ type: 'png' });
  await buyer
    .getByLabel('Evidence (PDF, PNG or JPEG, optional)')
    .setInputFiles({ name: 'scratch.png', mimeType: 'image/png', buffer: scratch });
  await buyer.getByRole('button', { name: 'Open dispute', exact: true }).click();
  await buyer.getByTestId('toast').getByText('Dispute Initiated').waitFor();
  await status(buyer, 'DISPUTED');
  await status(seller, 'DISPUTED');

  await tab(seller, 'support');
  await tab(buyer, 'support');
  await seller.getByTestId('dispute').getByText('The car has a deep scratch the listing did not show').waitFor(LIVE);
  expect(await seller.getByTestId('dispute').getByRole('link', { name: 'file 1' }).count()).toBe(1);
  await seller.getByTestId('dispute').getByLabel('Reply').fill('The scratch is in photo 7');
  await seller.getByTestId('dispute').getByRole('button', { name: 'Send' }).click();
  await buyer.getByTestId('dispute-message').getByText('The scratch is in photo 7').waitFor(LIVE);

  const admin = await adminContext.newPage();
  await admin.goto(`${t.stack.baseUrl}/admin`);
  await tab(admin, 'auctions');
  const mediation = admin
    .locator(`[data-testid="admin-escrow"][data-auction-id="${auction.id}"]`)
    .getByTestId('admin-dispute');
  await mediation.getByText('seller: The scratch is in photo 7').waitFor(LIVE);
  await mediation.getByLabel('Outcome').selectOption('partial_refund');
  await mediation.getByLabel('Refund amount').fill('1500');
  await mediation.getByLabel('Decision').fill('Photo 7 shows another panel; $1,500 covers the repair');
  await mediation.getByRole('button', { name: 'Resolve' }).click();

  for (const page of [buyer, seller]) {
    await status(page, 'COMPLETED');
    await page
      .getByTestId('dispute-outcome')
      .getByText(/buyer partly refunded \(\$1,500/)
      .waitFor(LIVE);
  }
  await Promise.all([buyerContext.close(), sellerContext.close(), adminContext.close()]);
}, 120_000);
