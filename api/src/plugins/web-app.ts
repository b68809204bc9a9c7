// The built web app on the same origin as the API. A non-API path no route serves gets index.html when it is one of the
// app's pages (shared APP_PAGE_PATHS), so client routes work; any other path is answered 404 with the app all the same,
// which shows its 404 page. Under /assets/ a missing file is a plain 404 (plugins/errors.ts). /, /auctions and
// /listing/{id} get index.html with their head rendered on the server (routes/pages.ts), /auctions and /community their
// first screen drawn with their data (http/first-screens.ts). Every other page but / carries the app's shell where
// index.html has the home page's prerendered screen (http/app-shell.ts).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isAppPagePath, publicBaseUrl } from '@app/shared';
import { pageRoutes } from '../routes/pages.js';
import { headTemplate, notFoundHead, renderHead } from '../http/page-head.js';
import { pagePreloads } from '../http/page-preloads.js';
import { appShellPages } from '../http/app-shell.js';
import { loadFirstScreens } from '../http/first-screens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The answer to a GET of a path no route serves (see above); absent when the API serves no web app. */
    webAppFallback?: (path: string, reply: FastifyReply) => FastifyReply;
  }
}

export async function registerWebApp(app: FastifyInstance, dir: string): Promise<void> {
  const root = resolve(dir);
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error(`WEB_DIST_DIR has no index.html (${root}); build the web app first`);
  }
  // Registered before the static files, whose wildcard would otherwise answer / with the plain (precompressed) file.
  const indexHtml = readFileSync(resolve(root, 'index.html'), 'utf8');
  const preloads = pagePreloads(root, indexHtml);
  const htmlFor = appShellPages(root, indexHtml);
  await app.register(pageRoutes(htmlFor, preloads, await loadFirstScreens(root)));
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: 'index.html',
    // The build's manifest (.vite/) is for the server only.
    dotfiles: 'ignore',
    // The build writes .br and .gz beside each asset; the one the browser accepts is sent as is.
    preCompressed: true,
    // Hashed asset names never change content; index.html (and the service worker, the manifest) must always be
    // revalidated. The stock photos and icons keep their names when they change, rarely: a day, so a page that shows
    // one twice (its preload, then the <img>) does not ask the server again.
    setHeaders(res, path) {
      res.header(
        'cache-control',
        path.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : /\/(images|icons)\//.test(path)
            ? 'public, max-age=86400'
            : 'no-cache',
      );
    },
  });
  // An unknown path gets the shell, as every page but the home page does.
  const page = headTemplate(htmlFor('/404'));
  const base = publicBaseUrl(app.config);
  app.decorate('webAppFallback', (path: string, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    if (isAppPagePath(path)) {
      const links = preloads(path);
      const html = htmlFor(path);
      return reply
        .type('text/html; charset=utf-8')
        .send(links ? html.replace(/<\/head>/i, `  ${links}\n  </head>`) : html);
    }
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(page(renderHead(notFoundHead(base, path, 'Page'))));
  });
}
