import { expect, it } from 'vitest';
import postgres from 'postgres';
import type { Page } from 'playwright-core';
import { DEMO_USER, FEE_SCHEDULE, escrowTerms, formatCents, saleFees, toCents, type Auction } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext, signInDemoAdmin } from './support/session.js';

const t = useStackAndBrowser();

const LIVE = { timeout: 10_000 };

const tab = (page: Page, name: string) => page.getByRole('tab', { name }).click();
const status = (page: Page, text: string) =>
  page.getByTestId('escrow-status').getByText(text, { exact: true }).waitFor(LIVE);

/** A sample car with Buy It Now, given to the demo dealer so the sale has a seller; a buyer, the seller and an admin signed in. */
async function saleParties() {
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const auction = list.find(
    (a) =>
      a.buyItNowPrice !== null &&
      !a.isPremiumOnly &&
      toCents(a.currentBid) < toCents(a.buyItNowPrice) &&
      Date.parse(a.endTime) - Date.now() > 5 * 60_000,
  )!;
  const sql = postgres(t.stack.databaseUrl, { max: 1 });
  await sql`update cars set owner_id = (select id from users where email = ${DEMO_USER.email}) where id = (select car_id from auctions where id = ${auction.id})`;
  await sql.end();
  const [buyerContext, sellerContext, adminContext] = await Promise.all([1, 2, 3].map(() => t.browser.newContext()));
  await signInContext(buyerContext!, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  await signInContext(sellerContext!, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  await signInDemoAdmin(adminContext!, t.stack);
  return { auction, buyerContext: buyerContext!, sellerContext: sellerContext!, adminContext: adminContext! };
}

/** The sale and both parties' terms, through the API (the first test walks them on the pages). */
async function boughtWithTerms(parties: Awaited<ReturnType<typeof saleParties>>): Promise<number> {
  const headers = { origin: t.stack.baseUrl };
  const bought = await parties.buyerContext.request.post(
    `${t.stack.baseUrl}/api/auctions/${parties.auction.id}/buy-now`,
    { data: {}, headers },
  );
  expect(bought.status()).toBe(201);
  const { transactionId } = (await bought.json()) as { transactionId: number };
  for (const [context, userRole] of [
    [parties.buyerContext, 'buyer'],
    [parties.sellerContext, 'seller'],
  ] as const) {
    const ok = await context.request.post(`${t.stack.baseUrl}/api/escrow/accept-terms`, {
      data: { transactionId, userRole },
      headers,
    });
    expect(ok.ok()).toBe(true);
  }
  return transactionId;
}

it('walks one sale from won to funds released with a buyer, a seller and an admin; each step reaches the other pages without a reload', async () => {
  const { auction, buyerContext, sellerContext, adminContext } = await saleParties();
  const total = formatCents(saleFees(toCents(auction.buyItNowPrice!), FEE_SCHEDULE).buyerTotalCents);

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

  // The terms are shown where they are accepted, with their version, from the figures the escrow applies.
  const version = escrowTerms(FEE_SCHEDULE).version;
  for (const page of [buyer, seller]) {
    const terms = page.getByTestId('escrow-next-step').getByTestId('escrow-terms');
    await terms.getByText(`version ${version}`).waitFor();
    await terms.getByText(/a buyer's premium of 5% and an escrow fee of 2\.5% of the price/).waitFor();
    await terms.getByText(/7 days from delivery to inspect the car/).waitFor();
    await terms.getByText(/On a sale with a balance still owed the decision ends the sale/).waitFor();
  }

  // Terms, both sides; each sees the other's acceptance live.
  await buyer.getByRole('button', { name: 'Accept terms' }).click();
  await buyer.getByTestId('toast').getByText('Terms Accepted').waitFor();
  await seller.getByTestId('toast').getByText('The buyer accepted the escrow terms').waitFor(LIVE);
  await seller.getByRole('button', { name: 'Accept terms' }).click();
  await seller.getByTestId('toast').getByText('Terms Accepted').waitFor();
  await buyer.getByTestId('escrow-next-step').getByText(`Pay ${total} by`).waitFor(LIVE);
  // Each acceptance is kept with the version accepted, shown with the terms on the overview.
  const accepted = buyer.getByTestId('escrow-terms').getByTestId('terms-acceptances');
  await accepted.getByText(`The buyer accepted version ${version}.`).waitFor(LIVE);
  await accepted.getByText(`The seller accepted version ${version}.`).waitFor(LIVE);

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
  const scan = await seller.screenshot({ type: 'png' });
  for (const type of ['title', 'bill_of_sale', 'inspection_report']) {
    await seller
      .getByTestId(`upload-${type}`)
      .setInputFiles({ name: `${type}.png`, mimeType: 'image/png', buffer: scan });
    await seller.getByTestId('toast').getByText('Document Uploaded').first().waitFor();
    await buyer.getByTestId(`document-${type}`).getByTestId('verification').getByText('pending').waitFor(LIVE);
  }

  // The admin verifies them in the escrow queue: the documents step is done, but the inspection waits for the car.
  const admin = await adminContext.newPage();
  await admin.goto(`${t.stack.baseUrl}/admin`);
  await tab(admin, 'auctions');
  const row = admin.locator(`[data-testid="admin-escrow"][data-auction-id="${auction.id}"]`);
  for (const type of ['title', 'bill_of_sale', 'inspection_report']) {
    await row.getByTestId(`admin-document-${type}`).getByRole('button', { name: 'Verify' }).click();
    await row.getByTestId(`admin-document-${type}`).getByText('verified').waitFor(LIVE);
  }
  await tab(buyer, 'overview');
  await buyer.getByTestId('milestone-documents_verified').getByText('completed').waitFor(LIVE);
  await status(buyer, 'FUNDED');
  await status(seller, 'FUNDED');
  // Release is there but disabled until the car is delivered, and says why.
  const release = buyer.getByRole('button', { name: 'Confirm inspection and release funds' });
  expect(await release.isDisabled()).toBe(true);
  await buyer
    .getByTestId('release-waits')
    .getByText(/^Available once the car is delivered/)
    .waitFor();
  await buyer.getByTestId('milestone-delivered').getByText('pending').waitFor();

  // Shipping: the seller enters the carrier and tracking number; the buyer sees them.
  await tab(seller, 'shipping');
  await tab(buyer, 'shipping');
  const form = seller.getByTestId('shipping-form');
  await form.getByLabel('Carrier').fill('UPS');
  await form.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await form.getByRole('button', { name: 'Save shipping' }).click();
  await buyer.getByTestId('tracking').getByText('UPS 1Z999AA10123456784').waitFor(LIVE);
  expect(await release.isDisabled()).toBe(true);

  // The car arrives: the buyer confirms the delivery, and the 7-day inspection starts now on both pages.
  await buyer.getByRole('button', { name: 'Confirm delivery' }).click();
  await buyer.getByTestId('toast').getByText('Delivery Confirmed').waitFor();
  await status(buyer, 'IN_INSPECTION');
  await status(seller, 'IN_INSPECTION');
  await seller
    .getByTestId('toast')
    .getByText('The buyer confirmed the delivery; the inspection period has started')
    .waitFor(LIVE);
  await tab(buyer, 'overview');
  await buyer
    .getByTestId('inspection-period')
    .getByText(/starts when the car is delivered \(delivered /)
    .waitFor();
  expect(await release.isEnabled()).toBe(true);

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
  const parties = await saleParties();
  const { auction, buyerContext, sellerContext, adminContext } = parties;
  // The sale, the terms and the payment through the API.
  const headers = { origin: t.stack.baseUrl };
  const transactionId = await boughtWithTerms(parties);
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

it('a dispute on a sale paid only by its deposit, resolved with a partial refund, ends the sale with the same money on both pages and nothing left owed', async () => {
  const parties = await saleParties();
  const { auction, buyerContext, sellerContext, adminContext } = parties;
  const fees = saleFees(toCents(auction.buyItNowPrice!), FEE_SCHEDULE);
  const depositCents = Math.round(fees.buyerTotalCents / 10);

  // The sale, the terms and the deposit alone through the API.
  const headers = { origin: t.stack.baseUrl };
  const transactionId = await boughtWithTerms(parties);
  expect(
    (
      await buyerContext.request.post(`${t.stack.baseUrl}/api/escrow/payments/intent`, {
        data: { transactionId, part: 'deposit' },
        headers,
      })
    ).ok(),
  ).toBe(true);
  await buyerContext.request.post(`${t.stack.baseUrl}/api/escrow/payments/sandbox/confirm`, {
    data: { transactionId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    headers,
  });

  const buyer = await buyerContext.newPage();
  const seller = await sellerContext.newPage();
  await buyer.goto(`${t.stack.baseUrl}/transaction/${auction.id}`);
  await seller.goto(`${t.stack.baseUrl}/transaction/${auction.id}`);
  await buyer.getByTestId('escrow-next-step').getByText('Deposit received. Pay the balance').waitFor(LIVE);
  await status(seller, 'PENDING');
  await Promise.all([buyer.waitForTimeout(1000), seller.waitForTimeout(1000)]);

  // The seller disputes the unpaid balance; the mediator refunds $2,000 of the deposit.
  await seller.getByRole('button', { name: 'Open a dispute' }).click();
  await seller.getByLabel('Describe the problem').fill('The balance was not paid');
  await seller.getByRole('button', { name: 'Open dispute', exact: true }).click();
  await status(buyer, 'DISPUTED');

  const admin = await adminContext.newPage();
  await admin.goto(`${t.stack.baseUrl}/admin`);
  await tab(admin, 'auctions');
  const mediation = admin
    .locator(`[data-testid="admin-escrow"][data-auction-id="${auction.id}"]`)
    .getByTestId('admin-dispute');
  await mediation.getByLabel('Outcome').selectOption('partial_refund');
  await mediation.getByLabel('Refund amount').fill('2000');
  await mediation.getByLabel('Decision').fill('The buyer keeps $2,000; the rest of the deposit goes to the seller');
  await mediation.getByRole('button', { name: 'Resolve' }).click();

  // Both pages: the sale is cancelled, never completed; the same split; no line of the schedule still owed.
  const kept = formatCents(depositCents - 200_000);
  for (const page of [buyer, seller]) {
    await status(page, 'CANCELLED');
    await page
      .getByTestId('escrow-next-step')
      .getByText(
        `Cancelled by the mediator's decision (partial refund): ${formatCents(200_000)} refunded to the buyer, ${kept} released to the seller. Nothing more is owed.`,
      )
      .waitFor(LIVE);
    expect(await page.getByText('funds were released to the seller').count()).toBe(0);
    await tab(page, 'payment');
    const schedule = page.getByTestId('payment-schedule');
    await schedule.getByText('cancelled: not owed').waitFor(LIVE);
    await schedule.getByText(/^refund · \$2,000(\.00)?$/).waitFor(LIVE);
    expect(await schedule.getByText(/pending, due/).count()).toBe(0);
    await tab(page, 'overview');
    await page.getByTestId('milestone-funds_released').getByText('pending').waitFor();
  }
  await Promise.all([buyerContext.close(), sellerContext.close(), adminContext.close()]);
}, 120_000);

it("a sample car's escrow goes through: its sample seller accepts the terms, then uploads the documents and ships once paid", async () => {
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const auction = list.find(
    (a) =>
      a.isSample &&
      a.buyItNowPrice !== null &&
      !a.isPremiumOnly &&
      toCents(a.currentBid) < toCents(a.buyItNowPrice) &&
      Date.parse(a.endTime) - Date.now() > 5 * 60_000,
  )!;
  const buyerContext = await t.browser.newContext();
  const adminContext = await t.browser.newContext();
  await signInContext(buyerContext, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const headers = { origin: t.stack.baseUrl };
  await signInDemoAdmin(adminContext, t.stack);
  const bought = await buyerContext.request.post(`${t.stack.baseUrl}/api/auctions/${auction.id}/buy-now`, {
    data: {},
    headers,
  });
  const transactionId = ((await bought.json()) as { transactionId: number }).transactionId;

  const buyer = await buyerContext.newPage();
  await buyer.goto(`${t.stack.baseUrl}/transaction/${auction.id}`);
  await status(buyer, 'PENDING');
  // The seller's side is done already: only the buyer's acceptance is asked for.
  const version = escrowTerms(FEE_SCHEDULE).version;
  await buyer.getByTestId('terms-acceptances').getByText(`The seller accepted version ${version}.`).waitFor();
  await buyer.getByRole('button', { name: 'Accept terms' }).click();
  await buyer
    .getByTestId('escrow-next-step')
    .getByText(/^Pay \$[\d,]+ by/)
    .waitFor(LIVE);
  await buyerContext.request.post(`${t.stack.baseUrl}/api/escrow/payments/intent`, {
    data: { transactionId },
    headers,
  });
  await buyerContext.request.post(`${t.stack.baseUrl}/api/escrow/payments/sandbox/confirm`, {
    data: { transactionId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    headers,
  });
  await status(buyer, 'FUNDED');

  // Paid: the sample seller uploads its three documents and ships with the sandbox carrier.
  await tab(buyer, 'documents');
  for (const type of ['title', 'bill_of_sale', 'inspection_report']) {
    await buyer.getByTestId(`document-${type}`).getByTestId('verification').getByText('pending').waitFor(LIVE);
  }
  await tab(buyer, 'shipping');
  await buyer
    .getByTestId('tracking')
    .getByText(/^Sandbox Freight SBX-/)
    .waitFor(LIVE);

  // An admin verifies them; the buyer confirms the delivery, then the inspection: the sale completes.
  const { documents } = (await (
    await buyerContext.request.get(`${t.stack.baseUrl}/api/escrow/transaction/${auction.id}`)
  ).json()) as { documents: { id: number }[] };
  for (const d of documents) {
    const review = await adminContext.request.post(
      `${t.stack.baseUrl}/api/admin/escrows/${transactionId}/documents/${d.id}/review`,
      { data: { decision: 'verified' }, headers },
    );
    expect(review.ok()).toBe(true);
  }
  await buyer.getByRole('button', { name: 'Confirm delivery' }).click();
  await status(buyer, 'IN_INSPECTION');
  await buyer.getByRole('button', { name: 'Confirm inspection and release funds' }).click();
  await status(buyer, 'COMPLETED');
  await Promise.all([buyerContext.close(), adminContext.close()]);
}, 120_000);
