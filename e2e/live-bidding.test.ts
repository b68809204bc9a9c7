import { expect, it } from 'vitest';
import { DEMO_USER, formatCents, formatMoney, toCents, centsToDecimal } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import postgres from 'postgres';
import { useStackAndBrowser } from './support/harness.js';
import { openAuction, signInContext } from './support/session.js';

const t = useStackAndBrowser();

it('a bid placed in one browser shows in another within 1 s, with no reload', async () => {
  const auction = await openAuction(t.stack.baseUrl);
  const bidder = await t.browser.newContext();
  const watcher = await t.browser.newContext();
  await signInContext(bidder, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const bidPage = await bidder.newPage();
  const watchPage = await watcher.newPage();
  await bidPage.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await watchPage.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await watchPage.getByTestId('current-bid').waitFor();
  // Let the watcher's socket join the room before the bid.
  await watchPage.waitForFunction(() => document.querySelector('[data-testid="bid-count"]') !== null);
  await watchPage.waitForTimeout(500);

  const amount = toCents(auction.currentBid) + 2000_00;
  await bidPage
    .getByTestId('bid-amount')
    .first()
    .fill(String(amount / 100));
  await bidPage.getByTestId('place-bid').first().click();
  await bidPage.getByTestId('toast').getByText('Bid placed successfully!').waitFor();
  const placedAt = Date.now();
  // How fast is measured by the benchmark (fan-out), not here: a busy CI machine must not fail a correct product.
  await watchPage
    .getByTestId('current-bid')
    .getByText(formatMoney(centsToDecimal(amount)))
    .waitFor({ timeout: 15_000 });
  console.log(`bid shown in the other browser ${Date.now() - placedAt} ms after the bidder's toast`);
  await watchPage.getByTestId('bid-history').getByText(DEMO_USER.name).waitFor();
});

it('the listing page shows its own accepted bid from the 201 answer, with no request for the auction after it', async () => {
  const auction = await openAuction(t.stack.baseUrl);
  const context = await t.browser.newContext();
  await signInContext(context, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const page = await context.newPage();
  // Every read of this auction (its detail, the lists, the bidder's max) after the 201, and what the page asked before.
  const auctionPath = new RegExp(`/api/auctions(/${auction.id}(/max-bid)?)?(\\?|$)`);
  let answered = false;
  const readsBefore: string[] = [];
  const readsAfter: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname + new URL(r.url()).search;
    if (r.method() === 'GET' && auctionPath.test(path)) (answered ? readsAfter : readsBefore).push(path);
  });
  page.on('response', (r) => {
    if (r.url().endsWith('/api/bids') && r.status() === 201) answered = true;
  });
  // The page reads "Your max" once it knows the viewer; a page still waiting for that first read when its bid is
  // answered has nothing to carry over and rightly reads it again, so the bid waits for it here.
  const maxRead = page.waitForResponse((r) => r.url().endsWith(`/api/auctions/${auction.id}/max-bid`));
  await page.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await page.getByTestId('current-bid').waitFor();
  await page.getByTestId('bid-count').waitFor();
  await maxRead;
  // Let the socket join the room, so its event for the bid arrives too (and must add nothing).
  await page.waitForTimeout(700);
  expect(readsBefore).toContain(`/api/auctions/${auction.id}`);

  const amount = toCents(auction.currentBid) + 3000_00;
  const shown = formatMoney(centsToDecimal(amount));
  await page
    .getByTestId('bid-amount')
    .first()
    .fill(String(amount / 100));
  await page.getByTestId('place-bid').first().click();
  await page.getByTestId('toast').getByText('Bid placed successfully!').waitFor();
  await page.getByTestId('current-bid').getByText(shown).waitFor({ timeout: 5000 });
  await page.getByTestId('bid-history').getByText(shown).first().waitFor();
  // Time for the socket's bid.placed of the same number, and for any refetch the page would have made.
  await page.waitForTimeout(2000);
  expect(answered).toBe(true);
  expect(readsAfter).toEqual([]);
  // Shown once: the socket's event of the same sequence number added no second line.
  expect(await page.getByTestId('bid-history').getByText(shown).count()).toBe(1);
  await page.getByTestId('bid-history').getByText(DEMO_USER.name).first().waitFor();
  const bidCount = await page.getByTestId('bid-count').textContent();
  expect(bidCount).toContain(String(auction.bidCount + 1));
  await context.close();
});

it('a too-low bid shows the spec toast and sends no request', async () => {
  const auction = await openAuction(t.stack.baseUrl);
  const context = await t.browser.newContext();
  await signInContext(context, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const page = await context.newPage();
  let bidRequests = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/bids')) bidRequests += 1;
  });
  await page.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await page.getByTestId('current-bid').waitFor();
  // The toast names the real minimum the server would ask for: the current bid plus $1,000.
  const minimum = formatCents(toCents(auction.currentBid) + 1000_00);
  expect(await page.getByTestId('bid-amount').first().getAttribute('placeholder')).toBe(`${minimum} or more`);
  await page.getByTestId('bid-amount').first().fill('1');
  await page.getByTestId('place-bid').first().click();
  await page.getByTestId('toast').getByText('Invalid bid amount').waitFor();
  await page.getByTestId('toast').getByText(`Bid must be at least ${minimum}`).waitFor();
  await page.waitForTimeout(300);
  expect(bidRequests).toBe(0);
});

it('a bid 30 s before the end extends the auction, and the open page shows the new end and "Auction extended"', async () => {
  const auction = await openAuction(t.stack.baseUrl);
  const sql = postgres(t.stack.databaseUrl, { max: 1 });
  await sql`update auctions set end_time = now() + interval '30 seconds' where id = ${auction.id}`;
  await sql.end();
  const watcher = await t.browser.newPage();
  await watcher.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await watcher
    .getByTestId('countdown')
    .first()
    .getByText(/^\d+s$/)
    .waitFor();
  await watcher.waitForTimeout(500);

  const bidder = await t.browser.newContext();
  await signInContext(bidder, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const detail = await (await fetch(`${t.stack.baseUrl}/api/auctions/${auction.id}`)).json();
  const res = await bidder.request.post(`${t.stack.baseUrl}/api/bids`, {
    data: { auctionId: auction.id, amount: centsToDecimal(toCents(detail.currentBid) + 1000_00) },
    headers: { origin: t.stack.baseUrl },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  expect(Date.parse(body.endTime) - Date.parse(body.timestamp)).toBe(120_000);
  await watcher.getByTestId('extended').waitFor({ timeout: 10_000 });
  // The countdown now reads minutes and seconds (about 2 minutes), not seconds only.
  await watcher
    .getByTestId('countdown')
    .first()
    .getByText(/^[12]m \d+s$/)
    .waitFor({ timeout: 10_000 });
});
