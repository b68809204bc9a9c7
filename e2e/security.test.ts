import { expect, it } from 'vitest';
import { useStackAndBrowser } from './support/harness.js';

const t = useStackAndBrowser();

it('refuses to be framed by another site: the framed page never renders', async () => {
  const page = await t.browser.newPage();
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors|X-Frame-Options/i.test(m.text())) refused.push(m.text());
  });
  // A page of another origin (about:blank written by the test) that frames the auctions list.
  await page.setContent(`<iframe id="victim" src="${t.stack.baseUrl}/auctions" width="800" height="600"></iframe>`);
  await page.waitForTimeout(1500);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  const rendered = frame ? await frame.getByText('Live Auctions').count().catch(() => 0) : 0;
  expect(rendered).toBe(0);
  expect(refused.length).toBeGreaterThan(0);
  await page.close();
});

it('serves the API documentation at /api-docs, rendered by Swagger UI under the same CSP, listing the routes', async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/api-docs`);
  await page.getByText('/api/bids').first().waitFor({ timeout: 20_000 });
  for (const path of ['/api/auctions/{id}', '/api/escrow/complete-milestone', '/api/admin/escrows']) {
    expect(await page.getByText(path, { exact: true }).count()).toBeGreaterThan(0);
  }
  await page.close();
});
