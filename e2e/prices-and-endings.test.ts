// What bidders see is right: the starting bid before anyone bids, the real minimum, how an ended auction ended (after a
// reload and live in another browser), a chat button that covers nothing, and the small things around them.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USER, formatCents, formatMoney, toCents, type Auction } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';

const t = useStackAndBrowser();

const liveList = async (): Promise<Auction[]> =>
  (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
const buyable = (a: Auction) =>
  !a.isPremiumOnly &&
  a.buyItNowPrice !== null &&
  toCents(a.currentBid) < toCents(a.buyItNowPrice) &&
  Date.parse(a.endTime) - Date.now() > 10 * 60_000;

async function buyNowAs(email: string, password: string, auctionId: number): Promise<void> {
  const context = await t.browser.newContext();
  await signInContext(context, t.stack.baseUrl, email, password);
  const res = await context.request.post(`${t.stack.baseUrl}/api/auctions/${auctionId}/buy-now`, {
    data: {},
    headers: { origin: t.stack.baseUrl },
  });
  expect(res.status()).toBe(201);
  await context.close();
}

it('an auction without bids shows its starting bid, labelled so, on its card and its page, and the input asks for the real minimum', async () => {
  const auction = (await liveList()).find((a) => a.bidCount === 0 && !a.isPremiumOnly)!;
  const starting = formatMoney(auction.startingBid);
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/auctions`);
  const title = `${auction.car.year} ${auction.car.make} ${auction.car.model}`;
  const card = page.getByTestId('auction-card').filter({ hasText: title });
  await card.waitFor();
  expect(await card.getByTestId('card-price-label').textContent()).toBe('Starting bid');
  expect(await card.getByTestId('card-current-bid').textContent()).toBe(starting);

  await page.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await page.getByTestId('current-bid').waitFor();
  expect(await page.getByTestId('price-label').textContent()).toBe('Starting bid');
  expect(await page.getByTestId('current-bid').textContent()).toBe(starting);
  expect(await page.getByTestId('bid-amount').first().getAttribute('placeholder')).toBe(`${starting} or more`);
  expect(await page.getByTestId('bid-amount').first().getAttribute('min')).toBe(
    String(toCents(auction.startingBid) / 100),
  );
  // Every page has its own title.
  expect(await page.title()).toBe(`${title} · CarBid`);
  await page.close();
});

it('a car bought outright shows how it ended after a reload, on its page, its card in the Ended view and the dashboard: no countdown, no bid box', async () => {
  const auction = (await liveList()).find(buyable)!;
  const price = formatMoney(auction.buyItNowPrice);
  await buyNowAs(DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password, auction.id);

  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await page.getByTestId('current-bid').waitFor();
  expect(await page.getByTestId('price-label').textContent()).toBe('Bought now for');
  expect(await page.getByTestId('current-bid').textContent()).toBe(price);
  expect(await page.getByTestId('ended-text').textContent()).toBe(`Sold via Buy It Now for ${price}`);
  expect(await page.getByTestId('countdown').count()).toBe(0);
  expect(await page.getByTestId('bid-amount').count()).toBe(0);
  expect(await page.getByTestId('buy-now').count()).toBe(0);

  await page.goto(`${t.stack.baseUrl}/auctions?view=ended`);
  const card = page
    .getByTestId('auction-card')
    .filter({ hasText: `${auction.car.year} ${auction.car.make} ${auction.car.model}` });
  await card.waitFor();
  expect(await card.getByTestId('card-price-label').textContent()).toBe('Bought now for');
  expect(await card.getByTestId('card-current-bid').textContent()).toBe(price);
  expect(await card.getByTestId('outcome').textContent()).toBe('Bought now');
  expect(await card.getByTestId('countdown').count()).toBe(0);
  await page.close();

  // The dashboard: an alert on that auction says how it ended instead of counting down.
  const member = await t.browser.newContext();
  await signInContext(member, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const created = await member.request.post(`${t.stack.baseUrl}/api/bid-alerts`, {
    data: { auctionId: (await liveList()).find((a) => !a.isPremiumOnly)!.id, alertType: 'outbid', settings: {} },
    headers: { origin: t.stack.baseUrl },
  });
  expect(created.status()).toBe(201);
  const sql = (await import('postgres')).default(t.stack.databaseUrl, { max: 1 });
  await sql`update bid_alerts set auction_id = ${auction.id}`;
  await sql.end();
  const dashboard = await member.newPage();
  await dashboard.goto(`${t.stack.baseUrl}/dashboard`);
  const line = dashboard.getByTestId('alert-row').getByTestId('standing-line');
  await line.waitFor();
  expect(await line.textContent()).toBe(`Bought now for ${price} · Sold via Buy It Now for ${price}`);
  await member.close();
});

it('when a car is bought outright, another open page shows the price paid and how it ended, with no reload', async () => {
  const auction = (await liveList()).find((a) => buyable(a) && a.bidCount > 0)!;
  const price = formatMoney(auction.buyItNowPrice);
  const watcher = await t.browser.newPage();
  await watcher.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await watcher.getByTestId('countdown').first().waitFor();
  expect(await watcher.getByTestId('current-bid').textContent()).toBe(formatMoney(auction.currentBid));
  // Let the socket join the auction's room before the purchase.
  await watcher.waitForTimeout(700);

  await buyNowAs(DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password, auction.id);
  await watcher.getByTestId('current-bid').getByText(price).waitFor({ timeout: 10_000 });
  expect(await watcher.getByTestId('price-label').textContent()).toBe('Bought now for');
  expect(await watcher.getByTestId('outcome').first().textContent()).toBe(`Sold via Buy It Now for ${price}`);
  expect(await watcher.getByTestId('countdown').count()).toBe(0);
  expect(await watcher.getByTestId('bid-amount').count()).toBe(0);
  await watcher.close();
});

/**
 * Every interactive element the chat button covers, in the viewport as it is scrolled now: their boxes intersect and
 * the chat button is what is on top there (an element under the sticky header, with the chat button scrolled beneath
 * that header too, is covered by the header, not by the chat button).
 */
function chatOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const chat = document.querySelector('[data-testid="chat-open"]')!.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of document.querySelectorAll(
      'a, button, input, select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])',
    )) {
      if (el.closest('[data-testid="chat-open"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (!(r.left < chat.right && r.right > chat.left && r.top < chat.bottom && r.bottom > chat.top)) continue;
      const x = (Math.max(r.left, chat.left) + Math.min(r.right, chat.right)) / 2;
      const y = (Math.max(r.top, chat.top) + Math.min(r.bottom, chat.bottom)) / 2;
      if (document.elementFromPoint(x, y)?.closest('[data-testid="chat-open"]')) hits.push(el.outerHTML.slice(0, 120));
    }
    return hits;
  });
}

it.each([
  [390, 844],
  [1366, 900],
])(
  'at %ix%i the chat button covers no interactive element of the listing, at any scroll position',
  async (width, height) => {
    const auction = (await liveList()).find((a) => !a.isPremiumOnly && a.bidCount > 0)!;
    const context = await t.browser.newContext({ viewport: { width, height } });
    await signInContext(context, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
    const page = await context.newPage();
    await page.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
    await page.getByTestId('chat-open').waitFor();
    await page.getByTestId('bid-history').waitFor();
    const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    for (let y = 0; y <= scrollable + height / 2; y += Math.round(height / 3)) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await chatOverlaps(page), `scrolled to ${y}`).toEqual([]);
    }
    for (const id of ['bid-amount', 'place-bid']) {
      await page.getByTestId(id).first().scrollIntoViewIfNeeded();
      expect(await chatOverlaps(page), `with ${id} in view`).toEqual([]);
    }
    await page.getByTestId('chat-open').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), `listing-chat-${width}x${height}.png`) });
    expect(await chatOverlaps(page)).toEqual([]);
    await page.getByTestId('chat-open').click();
    await page.getByTestId('chat-panel').waitFor();
    await context.close();
  },
);

it('refuses nonsense amounts with the rule they break and sends nothing; the bid history lines its amounts up', async () => {
  const auction = (await liveList()).find((a) => !a.isPremiumOnly && a.bidCount > 0)!;
  const context = await t.browser.newContext();
  await signInContext(context, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const page = await context.newPage();
  let bidRequests = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/bids')) bidRequests += 1;
  });
  await page.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  for (const [amount, message] of [
    ['99999999999', 'A bid can be at most $99,999,999'],
    ['-5', 'A bid must be at least $1'],
    ['1', `Bid must be at least ${formatCents(toCents(auction.currentBid) + 1000_00)}`],
  ] as const) {
    await page.getByTestId('bid-amount').first().fill(amount);
    await page.getByTestId('place-bid').first().click();
    await page.getByTestId('toast').getByText(message).waitFor();
  }
  expect(bidRequests).toBe(0);

  // The bid history's amounts line up: one right edge for every amount, whatever the bidder's name.
  const edges = await page
    .getByTestId('bid-amount-cell')
    .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().right)));
  expect(edges.length).toBeGreaterThan(1);
  expect(new Set(edges).size).toBe(1);
  await context.close();
});

it('a signed-out visitor sees no error in the console, and a comment typed before signing in is still there after', async () => {
  const auction = (await liveList()).find((a) => !a.isPremiumOnly)!;
  const context = await t.browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // The portal sends a signed-out visitor to its sign-in page; the listing comes last, to write a comment on.
  for (const path of ['/admin', '/', '/auctions', `/listing/${auction.id}`]) {
    await page.goto(`${t.stack.baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);

  const text = 'Is the second key included with the car?';
  await page.getByTestId('comment-input').fill(text);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await page.waitForURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${t.stack.baseUrl}/listing/${auction.id}`);
  await expect.poll(() => page.getByTestId('comment-input').inputValue()).toBe(text);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await page.getByTestId('toast').getByText('Comment posted!').waitFor();
  expect(await page.getByTestId('comment-input').inputValue()).toBe('');
  await context.close();
});
