// The pages people share and search engines read answer with their head rendered on the server, inside the built
// index.html (a fixture here, shaped as the build's): curl /listing/{id} shows the car, its price and its photo; a car
// whose title carries markup cannot break out of the head; sitemap.xml lists every live listing; robots.txt points at it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { createAuction, startTestApp, type TestContext } from './support/test-app.js';

const SITE = 'https://auctions.example.test';
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Live car auctions for dealers, collectors and enthusiasts." />
    <title>CarBid: live car auctions</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"><!--app-prerender--><main><h1>The home screen</h1></main><!--/app-prerender--></div></body>
</html>
`;

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'web-dist-'));
  await writeFile(join(dist, 'index.html'), INDEX);
  // The build's compressed copy: / must still get the rendered page, not this file.
  await writeFile(join(dist, 'index.html.gz'), 'not this');
  // The build's manifest: which files each lazy page needs; the shell every page but the home page starts from.
  await mkdir(join(dist, '.vite'));
  await writeFile(
    join(dist, '.vite/app-shell.html'),
    '<!--app-prerender--><header>The shell</header><main class="min-h-screen flex-1"></main><!--/app-prerender-->',
  );
  await mkdir(join(dist, 'images'));
  await writeFile(join(dist, 'images/car.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(
    join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'src/app/routes/listing.tsx': { file: 'assets/listing-l1.js', imports: ['_api.js', '_index.js'] },
      'src/features/forum/index.ts': { file: 'assets/forum-f1.js', imports: ['_api.js'] },
      '_api.js': { file: 'assets/api-a1.js', imports: ['_api.js'] },
      '_index.js': { file: 'assets/index-abc123.js' },
    }),
  );
  ctx = await startTestApp({}, { WEB_DIST_DIR: dist, PUBLIC_URL: `${SITE}/` });
});
afterAll(async () => {
  await ctx?.close();
  await rm(dist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
  const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body;
  return { res, body, doc: new JSDOM(body).window.document };
};
const meta = (doc: Document, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');
const jsonLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!));

describe('a listing page', () => {
  it('shows the car, its current price and its first photo as absolute URLs, with the app booting as before', async () => {
    const id = await createAuction(ctx.sql, {
      make: 'Porsche',
      model: '911 Carrera',
      year: 2019,
      startingBid: '50000.00',
      currentBid: '61500.00',
      bidCount: 4,
    });
    await ctx.sql`update cars set images = ${['/uploads/photos/front.webp', '/uploads/photos/back.webp']},
                  description = 'One owner, full history.' where id = (select car_id from auctions where id = ${id})`;
    const { res, doc } = await page(`/listing/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(doc.title).toBe('2019 Porsche 911 Carrera · Current bid $61,500 | CarBid');
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(meta(doc, 'description')).toBe('Current bid $61,500 · 4 bids · Detroit, MI. One owner, full history.');
    expect(doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`${SITE}/listing/${id}`);
    expect(meta(doc, 'og:image')).toBe(`${SITE}/uploads/photos/front.webp`);
    expect(meta(doc, 'twitter:image')).toBe(`${SITE}/uploads/photos/front.webp`);
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    expect(meta(doc, 'og:title')).toBe(doc.title);
    expect(meta(doc, 'product:price:amount')).toBe('61500.00');
    // A photo used as it is (not an upload with sizes) is fetched at once, by the path the page shows it at.
    expect(doc.querySelector('link[rel=preload][as=image]')?.getAttribute('href')).toBe('/uploads/photos/front.webp');
    // And drawn in the page's first screen, in the listing's loading frame, before the app has run.
    const photo = doc.querySelector('main img[data-lead-photo]');
    expect(photo?.getAttribute('src')).toBe('/uploads/photos/front.webp');
    expect(photo?.getAttribute('alt')).toBe('2019 Porsche 911 Carrera');
    expect(photo?.getAttribute('data-lead-photo')).toBe(`/listing/${id}`);
    const [vehicle] = jsonLd(doc);
    expect(vehicle).toMatchObject({
      '@type': 'Vehicle',
      name: '2019 Porsche 911 Carrera',
      brand: { name: 'Porsche' },
      image: [`${SITE}/uploads/photos/front.webp`, `${SITE}/uploads/photos/back.webp`],
      offers: {
        '@type': 'Offer',
        price: '61500.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${SITE}/listing/${id}`,
      },
    });
    // The app's own script is still there, once.
    expect(doc.querySelectorAll('script[src="/assets/index-abc123.js"]')).toHaveLength(1);
    expect(doc.getElementById('root')).not.toBeNull();
  });

  it('keeps a title with markup and quotes as text: no element, no script, no attribute escapes', async () => {
    const hostile = `</script><script>alert(1)</script>"'><img src=x onerror=alert(2)>`;
    const id = await createAuction(ctx.sql, { make: 'Evil "Motors"', model: hostile });
    await ctx.sql`update cars set description = ${`<!-- ${hostile} & more`},
                  images = ${[`/x"><script>alert(3)</script>.png`]} where id = (select car_id from auctions where id = ${id})`;
    const { res, doc, body } = await page(`/listing/${id}`);
    expect(res.statusCode).toBe(200);
    // Only the app's script and the JSON-LD: nothing the title or description carried became an element.
    expect([...doc.querySelectorAll('script')].map((s) => s.getAttribute('type'))).toEqual([
      'module',
      'application/ld+json',
    ]);
    // The one image is the car's photo in the first screen, its path and name kept as attribute text.
    const images = doc.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]?.getAttribute('src')).toBe(`/x"><script>alert(3)</script>.png`);
    expect(images[0]?.getAttribute('alt')).toBe(`2021 Evil "Motors" ${hostile}`);
    expect(doc.title).toBe(`2021 Evil "Motors" ${hostile} · Starting bid $10,000 | CarBid`);
    expect(meta(doc, 'og:title')).toBe(doc.title);
    expect(meta(doc, 'og:image')).toBe(`${SITE}/x"><script>alert(3)</script>.png`);
    const [vehicle] = jsonLd(doc);
    expect(vehicle.model).toBe(hostile);
    expect(vehicle.brand.name).toBe('Evil "Motors"');
    // The raw page never carries the closing tag or the comment opener inside the JSON-LD.
    const ld = body.slice(body.indexOf('application/ld+json'));
    expect(ld.slice(0, ld.indexOf('</script>'))).not.toMatch(/<|<!--/);
  });

  it('answers a missing or pending listing 404 with a page that is not indexed, and the app still boots', async () => {
    const pending = await createAuction(ctx.sql, { status: 'pending' });
    for (const url of [`/listing/${pending}`, '/listing/999999', '/listing/abc']) {
      const { res, doc } = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(meta(doc, 'robots')).toBe('noindex');
      expect(doc.querySelectorAll('script[src="/assets/index-abc123.js"]')).toHaveLength(1);
    }
  });
});

describe('the home page and the list', () => {
  it('describe the site and its live auctions, with a photo to share', async () => {
    for (const [url, title, canonical] of [
      ['/', 'CarBid: live car auctions', `${SITE}/`],
      ['/auctions?category=sports', 'Live Auctions | CarBid', `${SITE}/auctions`],
    ] as const) {
      const { res, doc } = await page(url);
      expect(res.statusCode).toBe(200);
      // Compressed here, from the rendered page (not the build's precompressed copy of the plain file).
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(doc.title).toBe(title);
      expect(doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(canonical);
      expect(meta(doc, 'og:image')).toMatch(new RegExp(`^${SITE}/`));
      const list = jsonLd(doc).find((d) => d['@type'] === 'ItemList');
      expect(list.itemListElement.length).toBeGreaterThan(0);
      expect(list.itemListElement[0].item).toMatchObject({ '@type': 'Vehicle', offers: { priceCurrency: 'USD' } });
    }
  });
});

describe('paths the app has no page for', () => {
  it('answer 404 with the app (which shows its 404 page), kept out of indexes; every page of the app answers 200', async () => {
    for (const url of ['/no/such/page', '/auctionsx', '/listing', '/pricing/extra', '/robots', '/wp-login.php?x=1']) {
      const { res, doc } = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(doc.title).toBe('Page not found | CarBid');
      expect(meta(doc, 'robots')).toBe('noindex');
      expect(doc.querySelectorAll('script[src="/assets/index-abc123.js"]')).toHaveLength(1);
    }
    // The plain file, as the static files are sent (the fixture's compressed copy is not a real one).
    for (const url of ['/pricing', '/community/3', '/transaction/12', '/how-it-works', '/dashboard/', '/Login']) {
      const res = await ctx.app.inject({ url });
      const doc = new JSDOM(res.body).window.document;
      expect(res.statusCode, url).toBe(200);
      expect(doc.querySelectorAll('script[src="/assets/index-abc123.js"]')).toHaveLength(1);
    }
  });

  it('under /api/ and /assets/ stay plain JSON 404s', async () => {
    for (const url of ['/api/no-such-thing', '/assets/gone-123.js']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: `No route GET ${url}` });
    }
  });
});

describe("a page's own code and its main photo", () => {
  it('fetches the main photo at once when it is used as it is; not an upload, whose size the browser picks', async () => {
    const id = await createAuction(ctx.sql);
    const setPhoto = (path: string) =>
      ctx.sql`update cars set images = ${[path]} where id = (select car_id from auctions where id = ${id})`;
    await setPhoto('/images/cars/coupe-blue.svg');
    const lead = (await page(`/listing/${id}`)).doc.querySelector('link[rel=preload][as=image]');
    expect(lead?.getAttribute('href')).toBe('/images/cars/coupe-blue.svg');
    expect(lead?.getAttribute('fetchpriority')).toBe('high');
    await setPhoto(`/uploads/${'a'.repeat(32)}.webp`);
    expect((await page(`/listing/${id}`)).doc.querySelectorAll('link[rel=preload][as=image]')).toHaveLength(0);
  });

  it('is named in its HTML, once per file, leaving out what index.html loads already; the manifest is not served', async () => {
    const id = await createAuction(ctx.sql);
    // Named inert, in a template the app's entry moves into the head once the page has painted.
    const preloads = (doc: Document) =>
      [...doc.querySelectorAll<HTMLTemplateElement>('template[data-app-files]')].flatMap((t) =>
        [...t.content.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href')),
      );
    expect(preloads((await page(`/listing/${id}`)).doc)).toEqual(['/assets/listing-l1.js', '/assets/api-a1.js']);
    const community = await ctx.app.inject({ url: '/community' });
    expect(community.statusCode).toBe(200);
    const doc = new JSDOM(community.body).window.document;
    expect(preloads(doc)).toEqual(['/assets/forum-f1.js', '/assets/api-a1.js']);
    expect(doc.title).toBe('CarBid: live car auctions');
    const pricing = await ctx.app.inject({ url: '/pricing' });
    expect(preloads(new JSDOM(pricing.body).window.document)).toEqual([]);
    expect((await ctx.app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});

describe("a page's first screen and first data", () => {
  it('is the home screen on / only: every other page, known or not, starts from the shell', async () => {
    const id = await createAuction(ctx.sql);
    const screen = (doc: Document) => doc.getElementById('root')!.textContent;
    expect(screen((await page('/')).doc)).toBe('The home screen');
    for (const url of ['/auctions', `/listing/${id}`, '/listing/999999', '/no/such/page']) {
      expect(screen((await page(url)).doc), url).toBe('The shell');
    }
    for (const url of ['/pricing', '/community', '/login']) {
      const res = await ctx.app.inject({ url });
      expect(screen(new JSDOM(res.body).window.document), url).toBe('The shell');
    }
  });

  it('fetches the API answer a listing or the plain list reads first alongside the code, with its credentials', async () => {
    const id = await createAuction(ctx.sql);
    const fetched = (doc: Document) =>
      [...doc.querySelectorAll('link[rel=preload][as=fetch]')].map((l) => [
        l.getAttribute('href'),
        l.getAttribute('crossorigin'),
      ]);
    expect(fetched((await page(`/listing/${id}`)).doc)).toEqual([[`/api/auctions/${id}`, 'use-credentials']]);
    expect(fetched((await page('/auctions')).doc)).toEqual([['/api/auctions?sort=ending-soon', 'use-credentials']]);
    // Filters in the address: the page asks for another list.
    expect(fetched((await page('/auctions?category=suv')).doc)).toEqual([]);
    expect(fetched((await page('/')).doc)).toEqual([]);
  });

  it('keeps stock photos for a day, hashed assets for good, and always revalidates the page', async () => {
    expect((await ctx.app.inject({ url: '/images/car.svg' })).headers['cache-control']).toBe('public, max-age=86400');
    expect((await ctx.app.inject({ url: '/pricing' })).headers['cache-control']).toBe('no-cache');
  });
});

describe('for crawlers', () => {
  it('sitemap.xml lists every live listing and the recently ended, never a pending or long-ended one', async () => {
    const live = [await createAuction(ctx.sql), await createAuction(ctx.sql)];
    const ended = await createAuction(ctx.sql, { status: 'sold', winningAmount: '20000.00' });
    const old = await createAuction(ctx.sql, { status: 'no-bids' });
    await ctx.sql`update auctions set closed_at = now() - interval '90 days' where id = ${old}`;
    const pending = await createAuction(ctx.sql, { status: 'pending' });
    const res = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = new JSDOM(res.body, { contentType: 'application/xml' }).window.document;
    const locs = [...doc.getElementsByTagName('loc')].map((l) => l.textContent);
    const [active] = await ctx.sql<{ ids: number[] }[]>`
      select coalesce(array_agg(id), '{}') as ids from auctions where status = 'active'`;
    for (const id of [...active!.ids, ...live, ended]) expect(locs).toContain(`${SITE}/listing/${id}`);
    expect(locs).not.toContain(`${SITE}/listing/${old}`);
    expect(locs).not.toContain(`${SITE}/listing/${pending}`);
    expect(locs.slice(0, 2)).toEqual([`${SITE}/`, `${SITE}/auctions`]);
  });

  it('robots.txt is plain text naming the sitemap by its absolute address', async () => {
    const res = await ctx.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/api\/$/m);
  });
});
