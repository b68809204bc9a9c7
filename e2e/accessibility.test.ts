// axe (WCAG 2.1 A and AA) over every page of the app, signed out and signed in as each role that sees it, on a desktop
// and a phone: not one violation. Every path the router declares (shared APP_PAGE_PATHS) must be visited here, so a
// page added later is checked too. Then the overlays a page opens (dialogs, the chat panel, the bell's list, the drawer).
import { expect, it } from 'vitest';
import postgres from 'postgres';
import type { BrowserContext, Page } from 'playwright-core';
import { APP_PAGE_PATHS, DEMO_USER, toCents, type Auction } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { openAuction, signInContext, signInDemoAdmin } from './support/session.js';
import { axeViolations, settled } from './support/axe.js';

const t = useStackAndBrowser();

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

type Role = 'visitor' | 'member' | 'buyer' | 'admin';

async function contextFor(role: Role): Promise<BrowserContext> {
  const context = await t.browser.newContext();
  if (role === 'member') await signInContext(context, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  if (role === 'buyer')
    await signInContext(context, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  if (role === 'admin') await signInDemoAdmin(context, t.stack);
  return context;
}

/** A sale the collector bought outright, so /transaction/{id} has an escrow to show its buyer. */
async function boughtAuction(buyer: BrowserContext): Promise<number> {
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const auction = list.find(
    (a) =>
      a.buyItNowPrice !== null &&
      toCents(a.currentBid) < toCents(a.buyItNowPrice) &&
      Date.parse(a.endTime) - Date.now() > 5 * 60_000,
  );
  if (!auction) throw new Error('no sample auction with Buy It Now');
  const sql = postgres(t.stack.databaseUrl, { max: 1 });
  await sql`update cars set owner_id = (select id from users where email = ${DEMO_USER.email}) where id = (select car_id from auctions where id = ${auction.id})`;
  await sql.end();
  const res = await buyer.request.post(`${t.stack.baseUrl}/api/auctions/${auction.id}/buy-now`, {
    data: {},
    headers: { origin: t.stack.baseUrl },
  });
  if (res.status() !== 201) throw new Error(`buy-now failed: ${res.status()} ${await res.text()}`);
  return auction.id;
}

async function firstForumPost(): Promise<number> {
  const res = (await (await fetch(`${t.stack.baseUrl}/api/forum/posts`)).json()) as { posts: { id: number }[] };
  return res.posts[0]!.id;
}

/** Opens each path in each viewport and collects what axe finds. */
async function audit(context: BrowserContext, role: Role, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  const page = await context.newPage();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await page.goto(`${t.stack.baseUrl}${path}`);
      await settled(page).catch((err: Error) => {
        throw new Error(`${role} ${viewport.name} ${path} never settled: ${err.message}`);
      });
      found.push(...(await axeViolations(page, `${role} ${viewport.name} ${path}`)));
    }
  }
  await page.close();
  return found;
}

it('finds no WCAG 2.1 A/AA violation on any page, for any role, on a desktop or a phone', async () => {
  const auction = await openAuction(t.stack.baseUrl);
  const postId = await firstForumPost();
  const buyer = await contextFor('buyer');
  const boughtId = await boughtAuction(buyer);
  const fill = (pattern: string) =>
    pattern
      .replace(':id', String(pattern.startsWith('/community') ? postId : auction.id))
      .replace(':auctionId', String(boughtId));

  // Signed out: every page, and a path that is none.
  const everyPage = APP_PAGE_PATHS.map(fill);
  const visited = new Set<string>();
  const plan: [Role, string[]][] = [
    ['visitor', [...everyPage.filter((p) => !p.startsWith('/admin/mail')), '/auctions?view=ended', '/no/such/page']],
    [
      'member',
      [
        '/',
        '/auctions',
        `/listing/${auction.id}`,
        '/dashboard',
        '/submit',
        '/valuation',
        '/trade-in',
        '/community',
        `/community/${postId}`,
        '/settings/notifications',
        '/transaction',
        '/account',
      ],
    ],
    ['buyer', [`/transaction/${boughtId}`, `/listing/${boughtId}`]],
    ['admin', ['/admin', '/admin/mail']],
  ];
  const found: string[] = [];
  for (const [role, paths] of plan) {
    const context = role === 'buyer' ? buyer : await contextFor(role);
    found.push(...(await audit(context, role, paths)));
    for (const p of paths) visited.add(p);
    await context.close();
  }
  expect(everyPage.filter((p) => !visited.has(p))).toEqual([]);
  expect(found).toEqual([]);
}, 900_000);

async function overlay(page: Page, where: string, open: () => Promise<void>): Promise<string[]> {
  await open();
  await page.waitForTimeout(400);
  return axeViolations(page, where);
}

it('finds none in the overlays: bid and buy-now dialogs, the chat panel, the bell, the mobile drawer, admin tabs', async () => {
  const auction = await openAuction(t.stack.baseUrl);
  const member = await contextFor('member');
  const page = await member.newPage();
  const found: string[] = [];
  const listing = `${t.stack.baseUrl}/listing/${auction.id}`;

  await page.goto(listing);
  await settled(page);
  for (const [name, opener] of [
    ['bid dialog', page.getByRole('button', { name: 'Open bid dialog' })],
    ['buy-now dialog', page.getByTestId('buy-now')],
  ] as const) {
    if ((await opener.count()) === 0 || !(await opener.isEnabled())) continue;
    found.push(
      ...(await overlay(page, name, async () => {
        await opener.click();
        await page.getByRole('dialog').waitFor();
      })),
    );
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  found.push(
    ...(await overlay(page, 'chat panel', async () => {
      await page.getByTestId('chat-open').click();
      await page.getByTestId('chat-input').waitFor();
    })),
  );

  await page.goto(`${t.stack.baseUrl}/auctions`);
  await settled(page);
  found.push(
    ...(await overlay(page, 'notification list', async () => {
      await page.getByTestId('notification-bell').filter({ visible: true }).click();
      await page.getByTestId('notification-list').waitFor();
    })),
  );
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  found.push(
    ...(await overlay(page, 'mobile drawer', async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').waitFor();
    })),
  );
  await member.close();

  const admin = await contextFor('admin');
  const adminPage = await admin.newPage();
  await adminPage.goto(`${t.stack.baseUrl}/admin`);
  await settled(adminPage);
  const tabs = adminPage.getByRole('tab');
  for (let i = 0; i < (await tabs.count()); i++) {
    const name = (await tabs.nth(i).innerText()).trim();
    found.push(
      ...(await overlay(adminPage, `admin tab ${name}`, async () => {
        await tabs.nth(i).click();
        await settled(adminPage);
      })),
    );
  }
  await admin.close();
  expect(found).toEqual([]);
}, 300_000);
