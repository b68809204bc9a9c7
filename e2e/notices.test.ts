import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_USER, formatMoney, toCents, type Auction } from '@app/shared';
import { DEMO_PREMIUM_USER, createSql, type Sql } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { enterDemoAdminCode, signInContext } from './support/session.js';

const t = useStackAndBrowser();
let sql: Sql | undefined;
afterAll(async () => {
  await sql?.end({ timeout: 5 });
});

/**
 * Resolves once the page's next socket gets Socket.IO's connect answer: the gateway has put it in its user's room, so a
 * notice published from then on reaches the page live. Called before the page navigates.
 */
function socketJoined(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) resolve();
      }),
    ),
  );
}

async function bmw(baseUrl: string): Promise<Auction> {
  const list = (await (await fetch(`${baseUrl}/api/auctions`)).json()) as Auction[];
  const a = list.find((x) => x.car.year === 2022 && x.car.make === 'BMW' && x.car.model === 'M4 Competition');
  if (!a) throw new Error('the sample 2022 BMW M4 Competition is missing');
  return a;
}

const bid = async (
  context: import('playwright-core').BrowserContext,
  baseUrl: string,
  auctionId: number,
  amount: string,
) => {
  const res = await context.request.post(`${baseUrl}/api/bids`, {
    data: { auctionId, amount },
    headers: { origin: baseUrl },
  });
  expect(res.status(), await res.text()).toBe(201);
};

it("the outbid toast reaches the outbid user's other tab with no alert set and no reload, links to the listing, and stays in the bell's list after a reload", async () => {
  const { baseUrl } = t.stack;
  const auction = await bmw(baseUrl);
  expect(toCents(auction.currentBid)).toBeLessThanOrEqual(59_000_00);

  const owner = await t.browser.newContext();
  await signInContext(owner, baseUrl, DEMO_USER.email, DEMO_USER.password);
  const alerts = (await (await owner.request.get(`${baseUrl}/api/bid-alerts`)).json()) as unknown[];
  expect(alerts).toEqual([]);
  // One tab where the bid was made, another on a different page: the notice reaches both.
  const bidTab = await owner.newPage();
  const bidTabJoined = socketJoined(bidTab);
  await bidTab.goto(`${baseUrl}/listing/${auction.id}`);
  const otherTab = await owner.newPage();
  const otherTabJoined = socketJoined(otherTab);
  await otherTab.goto(`${baseUrl}/dashboard`);
  await otherTab.getByTestId('notification-bell').filter({ visible: true }).waitFor();
  await bid(owner, baseUrl, auction.id, '60000');
  // Each tab opens its socket once the page is idle: both are in the user's room before the rival bids.
  await Promise.all([bidTabJoined, otherTabJoined]);

  const rival = await t.browser.newContext();
  await signInContext(rival, baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const sentAt = Date.now();
  await bid(rival, baseUrl, auction.id, '61000');

  const toast = otherTab.getByTestId('toast');
  await toast.getByText("You've been outbid on 2022 BMW M4 Competition: $61,000").waitFor({ timeout: 10_000 });
  const tookMs = Date.now() - sentAt;
  await toast.getByText('Outbid').first().waitFor();
  await bidTab
    .getByTestId('toast')
    .getByText("You've been outbid on 2022 BMW M4 Competition: $61,000")
    .waitFor({ timeout: 10_000 });
  expect(await otherTab.getByTestId('unread-count').filter({ visible: true }).textContent()).toBe('1');
  console.log(`outbid toast in the other tab ${tookMs} ms after the rival's bid was sent`);

  await toast.getByRole('button', { name: 'View' }).click();
  await otherTab.waitForURL(`${baseUrl}/listing/${auction.id}`);

  await otherTab.reload();
  await otherTab.getByTestId('unread-count').filter({ visible: true }).waitFor();
  await otherTab.getByTestId('notification-bell').filter({ visible: true }).click();
  const item = otherTab
    .getByTestId('notification-item')
    .filter({ hasText: "You've been outbid on 2022 BMW M4 Competition: $61,000" });
  await item.waitFor();
  expect(await item.getAttribute('href')).toBe(`/listing/${auction.id}`);
  // Seen: the count goes, and stays gone after a reload.
  await expect.poll(() => otherTab.getByTestId('unread-count').filter({ visible: true }).count()).toBe(0);
  await otherTab.reload();
  await otherTab.getByTestId('notification-bell').filter({ visible: true }).waitFor();
  await otherTab.waitForTimeout(500);
  expect(await otherTab.getByTestId('unread-count').filter({ visible: true }).count()).toBe(0);
  await owner.close();
  await rival.close();
});

// Reads the mail of the outbid notice the test above caused: the two run in this order, in one stack.
it('the outbid mail reaches the catcher, admins read it at /admin/mail, and its unsubscribe link turns that mail off', async () => {
  const { baseUrl } = t.stack;
  sql = createSql(t.stack.databaseUrl, { max: 2 });
  const read = () => sql!<{ subject: string; textBody: string; headers: Record<string, string> }[]>`
    select subject, text_body, headers from caught_mails where mail_to like ${`%${DEMO_USER.email}%`} order by id`;
  let mails = await read();
  for (let i = 0; i < 100 && mails.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    mails = await read();
  }
  expect(mails.map((m) => m.subject)).toEqual(["You've been outbid on 2022 BMW M4 Competition: $61,000"]);

  const admin = await t.browser.newPage();
  await admin.goto(`${baseUrl}/admin/login`);
  await admin.getByLabel('Email').fill(DEMO_ADMIN.email);
  await admin.getByLabel('Password').fill(DEMO_ADMIN.password);
  await admin.getByRole('button', { name: 'Sign in as admin' }).click();
  await enterDemoAdminCode(admin, t.stack.databaseUrl);
  await admin.waitForURL(`${baseUrl}/admin`);
  await admin.goto(`${baseUrl}/admin/mail`);
  await admin
    .getByTestId('caught-mail')
    .filter({ hasText: "You've been outbid on 2022 BMW M4 Competition: $61,000" })
    .waitFor();

  // The header is the RFC 8058 one-click URL; the body's link is the page, with the same signed token.
  const oneClick = /<([^>]+)>/.exec(mails[0]!.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
  expect(oneClick.startsWith(`${baseUrl}/api/unsubscribe?token=`)).toBe(true);
  expect(mails[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const link = `${baseUrl}/unsubscribe?token=${new URL(oneClick).searchParams.get('token') ?? ''}`;
  expect(mails[0]!.textBody).toContain(link);
  const owner = await t.browser.newContext();
  const page = await owner.newPage();
  // Not signed in: the signed link alone is enough.
  await page.goto(link);
  await page.getByText('You are unsubscribed').waitFor();
  await signInContext(owner, baseUrl, DEMO_USER.email, DEMO_USER.password);
  const settings = (await (await owner.request.get(`${baseUrl}/api/settings/email`)).json()) as {
    email: Record<string, boolean>;
  };
  expect(settings.email.outbid).toBe(false);
  expect(settings.email.won).toBe(true);
  // A tampered token does nothing.
  await page.goto(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
  await page.getByText('This link did not work').waitFor();
  await owner.close();
});

it('Watch on a card is kept per user (the listing shows it after a reload), and a watched car bought now tells the watcher and the buyer', async () => {
  const { baseUrl } = t.stack;
  const list = (await (await fetch(`${baseUrl}/api/auctions`)).json()) as Auction[];
  const target = list.find(
    (x) =>
      x.buyItNowPrice !== null &&
      !x.isPremiumOnly &&
      !(x.car.make === 'BMW' && x.car.model === 'M4 Competition') &&
      toCents(x.currentBid) < toCents(x.buyItNowPrice),
  );
  if (!target) throw new Error('no open Buy It Now sample auction');
  const title = `${target.car.year} ${target.car.make} ${target.car.model}`;

  const watcher = await t.browser.newContext();
  await signInContext(watcher, baseUrl, DEMO_USER.email, DEMO_USER.password);
  const page = await watcher.newPage();
  await page.goto(`${baseUrl}/auctions`);
  const card = page.getByTestId('auction-card').filter({ hasText: title });
  const watch = card.getByTestId('watch-button');
  await expect.poll(() => watch.getAttribute('aria-pressed')).toBe('false');
  await watch.click();
  await expect.poll(() => watch.getAttribute('aria-pressed')).toBe('true');
  // The click was the button's own: the card's link did not open the listing.
  expect(page.url()).toBe(`${baseUrl}/auctions`);

  await page.goto(`${baseUrl}/listing/${target.id}`);
  await page.reload();
  const listingWatch = page.getByTestId('watch-button');
  await listingWatch.getByText('Watching').waitFor();
  const joined = socketJoined(page);
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('notification-bell').filter({ visible: true }).waitFor();
  // The page opens its socket once it is idle: in the user's room before the car is bought.
  await joined;

  const buyer = await t.browser.newContext();
  await signInContext(buyer, baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const bought = await buyer.request.post(`${baseUrl}/api/auctions/${target.id}/buy-now`, {
    data: {},
    headers: { origin: baseUrl },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const price = formatMoney(target.buyItNowPrice);
  await page
    .getByTestId('toast')
    .getByText(`${title} was bought with Buy It Now for ${price}`)
    .waitFor({ timeout: 10_000 });

  const read = async () =>
    (
      (await (await buyer.request.get(`${baseUrl}/api/notifications`)).json()) as {
        items: { kind: string; text: string; link: string }[];
      }
    ).items;
  await expect
    .poll(async () => (await read()).filter((n) => n.kind === 'won').map((n) => [n.text, n.link]), { timeout: 10_000 })
    .toEqual([[`You bought ${title} for ${price}`, `/transaction/${target.id}`]]);
  await watcher.close();
  await buyer.close();
});

it('email settings: a kind turned off in /settings/notifications stays off after a reload, and the bell leads there', async () => {
  const { baseUrl } = t.stack;
  const context = await t.browser.newContext();
  await signInContext(context, baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('notification-bell').filter({ visible: true }).click();
  await page.getByRole('link', { name: 'Email settings' }).click();
  await page.waitForURL(`${baseUrl}/settings/notifications`);
  const sold = page.getByLabel('My car sold');
  // Enabled once the stored settings are in: the box then shows the server's value, not the default.
  await expect.poll(async () => (await sold.isEnabled()) && (await sold.isChecked())).toBe(true);
  await sold.uncheck();
  await expect.poll(() => sold.isChecked()).toBe(false);
  await page.reload();
  await expect
    .poll(
      async () =>
        (await page.getByLabel('My car sold').isEnabled()) && !(await page.getByLabel('My car sold').isChecked()),
    )
    .toBe(true);
  expect(await page.getByLabel('Someone outbid me').isChecked()).toBe(true);
  await context.close();
});

it('a notice made while the tab was not connected (its socket cut and held off) shows as a toast when the socket is back', async () => {
  const { baseUrl } = t.stack;
  const list = (await (await fetch(`${baseUrl}/api/auctions`)).json()) as Auction[];
  const target = list.find(
    (x) => x.status === 'active' && !x.isPremiumOnly && x.buyItNowPrice === null && x.car.model !== 'M4 Competition',
  );
  if (!target) throw new Error('no open sample auction without Buy It Now');
  const title = `${target.car.year} ${target.car.make} ${target.car.model}`;
  const outbidCents = toCents(target.currentBid) + 5_000_00;
  const outbid = String(outbidCents / 100);
  const winning = String(outbidCents / 100 + 5_000);

  const context = await t.browser.newContext();
  await signInContext(context, baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const page = await context.newPage();
  // Every socket of the page goes through here: passed to the gateway, or closed at once while held off.
  let holding = false;
  let cut: (() => void) | undefined;
  let joined!: () => void;
  const firstJoin = new Promise<void>((resolve) => (joined = resolve));
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (holding) {
      void ws.close();
      return;
    }
    const server = ws.connectToServer();
    server.onMessage((m) => {
      ws.send(m);
      // Socket.IO's connect answer: the gateway has put the socket in its user's room.
      if (typeof m === 'string' && m.startsWith('40')) joined();
    });
    cut = () => {
      void ws.close();
      void server.close();
    };
  });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('notification-bell').filter({ visible: true }).waitFor();
  await firstJoin;
  await bid(context, baseUrl, target.id, outbid);

  holding = true;
  cut!();
  const rival = await t.browser.newContext();
  await signInContext(rival, baseUrl, DEMO_USER.email, DEMO_USER.password);
  await bid(rival, baseUrl, target.id, winning);
  const text = `You've been outbid on ${title}: ${formatMoney(winning)}`;
  await expect
    .poll(
      async () =>
        ((await (await context.request.get(`${baseUrl}/api/notifications`)).json()) as { items: { text: string }[] })
          .items[0]?.text,
      { timeout: 10_000 },
    )
    .toBe(text);
  // The notice was published while the tab had no socket: nothing live could have brought it.
  expect(await page.getByTestId('toast').getByText(text).count()).toBe(0);

  holding = false;
  await page.getByTestId('toast').getByText(text).waitFor({ timeout: 15_000 });
  const { unread } = (await (await context.request.get(`${baseUrl}/api/notifications`)).json()) as { unread: number };
  await expect
    .poll(() => page.getByTestId('unread-count').filter({ visible: true }).textContent())
    .toBe(String(unread));
  await context.close();
  await rival.close();
});
