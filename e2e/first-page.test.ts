// The first page's weight: the JavaScript index.html names (the entry and the app it starts once the page has painted)
// is at most 150 kB gzipped, arrives Brotli-compressed, and does not carry zod (schemas load with the first request). The
// first screen is in the HTML: the home page's on /, the first cards on /auctions and posts on /community, drawn from
// the database with whatever text people typed shown as text.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIRST_ANSWERS_ID, type Auction } from '@app/shared';
import { createSql } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { registeredContext } from './support/session.js';
import { WEB_DIST } from './support/stack.js';

const t = useStackAndBrowser();
const FIRST_PAGE_GZIP_LIMIT = 150_000;

it('sends the home page its JavaScript Brotli-compressed, at most 150 kB gzipped, without zod', async () => {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const firstPaint = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  expect(firstPaint.length).toBeGreaterThan(0);

  const page = await t.browser.newPage();
  const encodings = new Map<string, string>();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (path.endsWith('.js')) encodings.set(path, res.headers()['content-encoding'] ?? 'identity');
  });
  await page.goto(`${t.stack.baseUrl}/`, { waitUntil: 'load' });
  await page.getByText('Buy Smarter. Bid Faster.').waitFor();
  // The app has run (it starts once the page has painted, its files fetched alongside the HTML): the session-dependent
  // parts arrive lazily (signed out: Login shows).
  await page.getByRole('link', { name: 'Login' }).first().waitFor();

  let gzipped = 0;
  for (const path of firstPaint) {
    const gz = join(WEB_DIST, `${path}.gz`);
    // Files under 1 kB are not worth compressing and go as they are.
    if (statSync(join(WEB_DIST, path)).size >= 1024) {
      expect(encodings.get(path), path).toBe('br');
      expect(existsSync(gz), gz).toBe(true);
    }
    gzipped += statSync(existsSync(gz) ? gz : join(WEB_DIST, path)).size;
    // zod names its schema classes in strings that survive minification.
    expect(readFileSync(join(WEB_DIST, path), 'utf8'), path).not.toContain('"ZodObject"');
  }
  expect(gzipped).toBeLessThanOrEqual(FIRST_PAGE_GZIP_LIMIT);
  await page.close();
});

it('paints the first screen from the HTML alone: the home page on /, the header and footer elsewhere, styled', async () => {
  const context = await t.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${t.stack.baseUrl}/`);
  const heading = page.getByRole('heading', { name: 'Buy Smarter. Bid Faster.' });
  await heading.waitFor();
  // Styled from the HTML: the hero is the brand's dark gradient, not the browser's default white.
  expect(await heading.evaluate((h) => getComputedStyle(h).color)).toBe('rgb(255, 255, 255)');
  await page.goto(`${t.stack.baseUrl}/auctions`);
  await page.getByRole('link', { name: 'CarBid' }).first().waitFor();
  await page.getByText('Browse Auctions').first().waitFor();
  expect(await page.getByRole('heading', { name: 'Buy Smarter. Bid Faster.' }).count()).toBe(0);
  await context.close();

  // With scripts on, the app takes the page over from that HTML and works as before.
  const live = await t.browser.newPage();
  await live.goto(`${t.stack.baseUrl}/auctions`);
  await live.getByTestId('auction-card').first().waitFor();
  await live.getByRole('link', { name: 'CarBid' }).first().click();
  await live.getByRole('heading', { name: 'Buy Smarter. Bid Faster.' }).waitFor();
  await live.close();
});

it('serves gzip to a client that does not take Brotli, and identity to one that takes neither', async () => {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  const gzip = await fetch(`${t.stack.baseUrl}${entry}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers.get('content-encoding')).toBe('gzip');
  expect(gzip.headers.get('vary')).toMatch(/accept-encoding/i);
  expect(gzip.headers.get('content-type')).toMatch(/javascript/);
  const plain = await fetch(`${t.stack.baseUrl}${entry}`, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect((await plain.arrayBuffer()).byteLength).toBe(statSync(join(WEB_DIST, entry)).size);
});

/** Text that would run, or add an element, if it reached the page as markup rather than as text. */
const HOSTILE = '<script>window.hostile=1</script><img src=x onerror="window.hostile=2">';

/** The page's layout shifts so far, summed (the figure Lighthouse reports, for one page view). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 100);
      }),
  );

it('draws the first auction cards and forum posts into the HTML, from the database, with typed text escaped', async () => {
  // The list's first car (the soonest to end) gets a model that is markup; a member posts a title that is markup too.
  const [first] = (await (await fetch(`${t.stack.baseUrl}/api/auctions?sort=ending-soon`)).json()) as Auction[];
  const sql = createSql(t.stack.databaseUrl, { max: 1 });
  try {
    await sql`update cars set model = ${HOSTILE} where id = (select car_id from auctions where id = ${first!.id})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
  const { context: member } = await registeredContext(t.browser, t.stack, 'First Screen');
  const posted = await member.request.post(`${t.stack.baseUrl}/api/forum/posts`, {
    data: { title: HOSTILE, content: 'A post whose title is markup.', category: 'general' },
    headers: { origin: t.stack.baseUrl },
  });
  expect(posted.status()).toBe(201);
  await member.close();
  const carTitle = `${first!.car.year} ${first!.car.make} ${HOSTILE}`;

  // The HTML answers, as they arrive: the text escaped in the markup and in the answers handed to the app.
  for (const path of ['/auctions', '/community']) {
    const html = await (await fetch(`${t.stack.baseUrl}${path}`)).text();
    expect(html, path).not.toContain('<script>window.hostile');
    expect(html, path).toContain('&lt;script&gt;window.hostile=1&lt;/script&gt;');
    expect(html, path).toContain(`<script type="application/json" id="${FIRST_ANSWERS_ID}">`);
  }

  // Without JavaScript, the cards and posts are there, the markup shown as text and nothing of it run or added.
  const bare = await t.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await bare.newPage();
  await page.goto(`${t.stack.baseUrl}/auctions`);
  const cards = page.getByTestId('auction-card');
  expect(await cards.count()).toBeGreaterThan(1);
  expect(await cards.first().getByRole('heading').textContent()).toBe(carTitle);
  expect(await cards.first().getAttribute('href')).toBe(`/listing/${first!.id}`);
  // The photo's box and the first card in the phone's first screen, as the app draws them.
  const box = (await cards.first().boundingBox())!;
  expect(box.y).toBeLessThan(844);
  expect(box.height).toBeGreaterThan(300);
  // Its controls do nothing until the app has drawn over them, and say so: disabled, so nothing typed is lost.
  expect(await page.getByTestId('sort-select').isDisabled()).toBe(true);
  await page.goto(`${t.stack.baseUrl}/community`);
  const posts = page.getByTestId('forum-post');
  expect(await posts.count()).toBeGreaterThan(1);
  await posts.first().getByText('window.hostile=1', { exact: false }).first().waitFor();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  await bare.close();

  // With scripts on, the app starts from those answers (it asks for neither list again) and draws the same cards and
  // posts in the same places: nothing shifts, the markup is still text, and the page is live from there.
  const live = await t.browser.newContext({ viewport: { width: 390, height: 844 } });
  for (const [path, testId, list] of [
    ['/auctions', 'auction-card', '/api/auctions'],
    ['/community', 'forum-post', '/api/forum/posts'],
  ] as const) {
    const app = await live.newPage();
    const asked: string[] = [];
    app.on('request', (r) => {
      if (new URL(r.url()).pathname === list) asked.push(r.url());
    });
    await app.goto(`${t.stack.baseUrl}${path}`, { waitUntil: 'load' });
    // The app has taken the answers (and drawn over the HTML) once their element is gone.
    await app.waitForFunction((id) => !document.getElementById(id), FIRST_ANSWERS_ID);
    await app.getByTestId(testId).first().getByText('window.hostile=1', { exact: false }).first().waitFor();
    expect(await app.evaluate(() => (window as { hostile?: number }).hostile)).toBeUndefined();
    expect(await layoutShift(app), path).toBeLessThan(0.01);
    expect(asked, path).toEqual([]);
    await app.close();
  }
  // A card still leads to its listing, drawn by the app.
  const app = await live.newPage();
  await app.goto(`${t.stack.baseUrl}/auctions`);
  await app.waitForFunction((id) => !document.getElementById(id), FIRST_ANSWERS_ID);
  await app.getByTestId('auction-card').first().click();
  await app.waitForURL(`**/listing/${first!.id}`);
  await app.getByRole('heading', { name: carTitle }).first().waitFor();
  await live.close();
});
