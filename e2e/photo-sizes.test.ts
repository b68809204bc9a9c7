import sharp from 'sharp';
import { expect, it } from 'vitest';
import { DEMO_USER, type Auction } from '@app/shared';
import { createSql } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';

const t = useStackAndBrowser();

/** What the browser chose for an image: the file, its pixel width and the width it is shown at. */
const chosen = (img: { evaluate: <R>(f: (el: HTMLImageElement) => R) => Promise<R> }) =>
  img.evaluate((el) => ({ src: el.currentSrc, natural: el.naturalWidth, shown: el.getBoundingClientRect().width }));

it('a phone (390x844) loads a size of an uploaded photo no wider than twice its shown width, on the card and the listing', async () => {
  const seller = await t.browser.newContext();
  await signInContext(seller, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const original = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#7a1f2b' } })
    .jpeg()
    .toBuffer();
  const upload = await seller.request.post(`${t.stack.baseUrl}/api/uploads/photos`, {
    headers: { origin: t.stack.baseUrl },
    multipart: { file: { name: 'car.jpg', mimeType: 'image/jpeg', buffer: original } },
  });
  expect(upload.status()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  // The photo goes on a live sample listing, first among its images.
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions?sort=ending-soon`)).json()) as Auction[];
  const listing = list.find((a) => !a.isPremiumOnly)!;
  const sql = createSql(t.stack.databaseUrl, { max: 1 });
  await sql`update cars set images = ${[url]} where id = ${listing.car.id}`;
  await sql.end();

  const phone = await t.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const page = await phone.newPage();
  await page.goto(`${t.stack.baseUrl}/listing/${listing.id}`);
  const main = page.getByRole('img', { name: listing.car.make, exact: false }).first();
  await expect.poll(async () => (await chosen(main)).natural, { timeout: 10_000 }).toBeGreaterThan(0);
  const onListing = await chosen(main);
  expect(onListing.src).toMatch(/-w\d+\.webp$/);
  expect(onListing.natural).toBeLessThanOrEqual(2 * onListing.shown);

  await page.goto(`${t.stack.baseUrl}/auctions?sort=ending-soon`);
  const card = page.locator(`a[href="/listing/${listing.id}"] img`).first();
  await card.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await chosen(card)).natural, { timeout: 10_000 }).toBeGreaterThan(0);
  const onCard = await chosen(card);
  expect(onCard.src).toMatch(/-w\d+\.webp$/);
  expect(onCard.natural).toBeLessThanOrEqual(2 * onCard.shown);
  await Promise.all([seller.close(), phone.close()]);
});
