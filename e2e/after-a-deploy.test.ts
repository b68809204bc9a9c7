// What a page open across a deploy meets: the chunks of the build it was loaded from are gone. The server says so with a
// 404 (not the app's index.html), and the page offers to load the new version rather than failing. Nothing of the
// sources is published: the build ships no source maps.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { useStackAndBrowser } from './support/harness.js';
import { WEB_DIST } from './support/stack.js';

const t = useStackAndBrowser();

it('offers to reload when the chunk of a page is gone, and Reload opens the page from the new build', async () => {
  const page = await t.browser.newPage();
  await page.goto(t.stack.baseUrl);
  await page.getByRole('heading', { name: 'Buy Smarter. Bid Faster. Flip for Profit.' }).waitFor();
  // The heading is in the prerendered HTML: wait until the app has drawn the page over it, or the click below is a
  // plain link's full navigation (to the new build's HTML, which needs no prompt) rather than the app's chunk load.
  await page.waitForFunction(() => {
    const link = document.querySelector('nav[aria-label="Main"] a');
    return link !== null && Object.keys(link).some((k) => k.startsWith('__reactFiber'));
  });
  await page.evaluate(() => Object.assign(window, { loadedBeforeReload: true }));

  // The deploy: every chunk the open page may still ask for is asked of the server under a name it does not have.
  await page.route('**/assets/**', (route) =>
    route.continue({ url: route.request().url().replace('/assets/', '/assets/previous-build-') }),
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' }).click();
  const prompt = page.getByTestId('new-version');
  await prompt.getByText('A new version of CarBid is available.').waitFor();
  await page.getByRole('heading', { name: 'CarBid has been updated' }).waitFor();

  await page.unroute('**/assets/**');
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await page.getByRole('heading', { name: 'Community' }).first().waitFor();
  expect(await page.evaluate(() => 'loadedBeforeReload' in window)).toBe(false);
  expect(await page.getByTestId('new-version').count()).toBe(0);
  await page.close();
});

it('answers 404 for an asset the build does not have, and 404 with the app (its 404 page) for an unknown page', async () => {
  const asset = await fetch(`${t.stack.baseUrl}/assets/previous-build-index.js`);
  expect(asset.status).toBe(404);
  expect(asset.headers.get('content-type')).not.toMatch(/html/);
  const page = await fetch(`${t.stack.baseUrl}/some/client/route`);
  expect(page.status).toBe(404);
  expect(await page.text()).toContain('<div id="root">');
  const known = await fetch(`${t.stack.baseUrl}/how-it-works`);
  expect(known.status).toBe(200);
});

it('ships no source maps: none in the build, none referenced, none served', async () => {
  const files = readdirSync(WEB_DIST, { recursive: true, encoding: 'utf8' });
  expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  const scripts = files.filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const f of scripts) expect(readFileSync(join(WEB_DIST, f), 'utf8'), f).not.toContain('sourceMappingURL');
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(WEB_DIST, 'index.html'), 'utf8'))![1]!;
  expect((await fetch(`${t.stack.baseUrl}${entry}.map`)).status).toBe(404);
});
