import { expect, it } from 'vitest';
import postgres from 'postgres';
import { DEMO_USER, centsToDecimal, formatCents, toCents, type Auction } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { mailedConfirmationToken, openAuction, registeredContext, signInContext } from './support/session.js';

const t = useStackAndBrowser();

it('a user watching My Active Bids sees "Outbid" without a reload when a second browser outbids them, and "Leading" when they retake it', async () => {
  const auction = await openAuction(t.stack.baseUrl);
  const me = await t.browser.newContext();
  const rival = await t.browser.newContext();
  await signInContext(me, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  await signInContext(rival, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const bid = async (who: typeof me, cents: number) => {
    const res = await who.request.post(`${t.stack.baseUrl}/api/bids`, {
      data: { auctionId: auction.id, amount: centsToDecimal(cents) },
      headers: { origin: t.stack.baseUrl },
    });
    expect(res.status()).toBe(201);
  };
  const start = toCents((await (await fetch(`${t.stack.baseUrl}/api/auctions/${auction.id}`)).json()).currentBid);
  await bid(me, start + 1000_00);

  const page = await me.newPage();
  await page.goto(`${t.stack.baseUrl}/dashboard`);
  const row = page.getByTestId(`active-bid-${auction.id}`);
  await row.getByTestId('bid-standing').getByText('Leading').waitFor();
  await page.getByTestId('tile-active-bids').getByText('1').waitFor();
  // Let the socket join the auction's room; a reload would lose this mark.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  await page.waitForTimeout(500);

  await bid(rival, start + 2000_00);
  await row.getByTestId('bid-standing').getByText('Outbid').waitFor({ timeout: 10_000 });
  await row.getByRole('link', { name: 'Bid again' }).waitFor();
  await bid(me, start + 3000_00);
  await row.getByTestId('bid-standing').getByText('Leading').waitFor({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

it('a seller watching My Listed Cars sees a bid on their own live listing without a reload', async () => {
  const exclude = (await openAuction(t.stack.baseUrl)).id;
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const auction = list.find(
    (a) => a.id !== exclude && !a.isPremiumOnly && a.bidCount > 0 && Date.parse(a.endTime) - Date.now() > 10 * 60_000,
  )!;
  const { context: seller, email } = await registeredContext(t.browser, t.stack, 'Live Seller');
  const sql = postgres(t.stack.databaseUrl, { max: 1 });
  await sql`update cars set owner_id = (select id from users where email = ${email}) where id = (select car_id from auctions where id = ${auction.id})`;
  await sql.end();

  const page = await seller.newPage();
  await page.goto(`${t.stack.baseUrl}/dashboard`);
  const row = page.getByTestId(`listed-car-${auction.id}`);
  const price = toCents((await (await fetch(`${t.stack.baseUrl}/api/auctions/${auction.id}`)).json()).currentBid);
  await row.getByTestId('listed-current-bid').getByText(formatCents(price)).waitFor();
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  // Let the socket join the auction's room.
  await page.waitForTimeout(500);

  const bidder = await t.browser.newContext();
  await signInContext(bidder, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const next = price + 5000_00;
  const res = await bidder.request.post(`${t.stack.baseUrl}/api/bids`, {
    data: { auctionId: auction.id, amount: centsToDecimal(next) },
    headers: { origin: t.stack.baseUrl },
  });
  expect(res.status()).toBe(201);
  await row.getByTestId('listed-current-bid').getByText(formatCents(next)).waitFor({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await Promise.all([seller.close(), bidder.close()]);
});

it('a member who signs up, confirms the mailed link and lands on the dashboard sees zero tiles and empty states that say what to do next', async () => {
  const context = await t.browser.newContext();
  const email = `fresh-${Date.now()}@example.test`;
  const page = await context.newPage();
  await page.goto(`${t.stack.baseUrl}/register`);
  await page.getByLabel('Name').fill('Fresh Member');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/Password/).fill('a-long-enough-password-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByTestId('sign-up-sent').getByText('Check your email', { exact: true }).waitFor();
  await page.getByText(email).waitFor();

  const token = await mailedConfirmationToken(t.stack.databaseUrl, email);
  await page.goto(`${t.stack.baseUrl}/confirm-email?token=${encodeURIComponent(token)}`);
  // The link makes the account only with the password chosen at sign-up.
  await page.getByLabel('Password').fill('a-long-enough-password-1');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.waitForURL(`${t.stack.baseUrl}/dashboard`);
  for (const tile of ['cars-listed', 'active-bids', 'won-auctions'])
    await page.getByTestId(`tile-${tile}`).getByText('0', { exact: true }).waitFor();
  await page.getByTestId('tile-total-spent').getByText('$0').waitFor();
  await page.getByText('place your first bid').waitFor();
  await page.getByText('to put it up for auction').waitFor();
  // A new member is welcomed, not welcomed back.
  expect(await page.getByTestId('dashboard-greeting').innerText()).toBe('Welcome, Fresh Member');
});

it('the assistant gives a tip on the dashboard, and once dismissed stays away after a reload', async () => {
  const context = await t.browser.newContext();
  await signInContext(context, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const page = await context.newPage();
  await page.goto(`${t.stack.baseUrl}/dashboard`);
  await page.getByRole('button', { name: 'Assistant: show a tip' }).click();
  await page.getByTestId('assistant').getByRole('status').waitFor();
  await page.getByRole('button', { name: 'Dismiss the assistant' }).click();
  await page.reload();
  await page.getByTestId('my-active-bids').waitFor();
  expect(await page.getByTestId('assistant').count()).toBe(0);
});
