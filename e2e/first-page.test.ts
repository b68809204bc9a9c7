// The first page's weight: the JavaScript the home page needs before it paints (the entry and what it preloads) is at
// most 150 kB gzipped, arrives Brotli-compressed, and does not carry zod (schemas load with the first request).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { useStackAndBrowser } from './support/harness.js';
import { WEB_DIST } from './support/stack.js';

const t = useStackAndBrowser();
const FIRST_PAGE_GZIP_LIMIT = 150_000;

it('sends the home page its first-paint JavaScript Brotli-compressed, at most 150 kB gzipped, without zod', async () => {
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

  // The page still works after the first paint: the session-dependent parts arrive lazily (signed out: Login shows).
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  await page.close();
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
