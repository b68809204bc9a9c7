// What search engines read first: robots.txt (what to crawl, and where the sitemap is) and sitemap.xml (the home
// page, the list, every live listing and those ended in the last SITEMAP_ENDED_DAYS). Both name the site by
// PUBLIC_URL, since crawlers need absolute addresses.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicBaseUrl } from '@app/shared';
import { listSitemapAuctions } from '@app/core/auctions';

const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Paths that are private or hold no content of their own: crawling them wastes the crawler's time and ours. */
const DISALLOWED = [
  '/api/',
  '/admin',
  '/dashboard',
  '/settings',
  '/transaction/',
  '/unsubscribe',
  '/confirm-email',
  '/reset-password',
  '/account',
];

export const siteIndexRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = publicBaseUrl(app.config);
  const robots = [
    'User-agent: *',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');

  app.get('/robots.txt', { schema: { hide: true, response: { 200: z.string() } } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );

  app.get('/sitemap.xml', { schema: { hide: true, response: { 200: z.string() } } }, async (_request, reply) => {
    const listings = await listSitemapAuctions(app.sql);
    const url = (loc: string, lastmod?: string) =>
      `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url(`${base}/`),
      url(`${base}/auctions`),
      ...listings.map((l) => url(`${base}/listing/${l.id}`, l.changedAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
  });
};
