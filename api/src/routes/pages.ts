// The pages people share and search engines index, answered with their head rendered on the server (http/page-head.ts)
// in the built index.html; the app boots from it as from the plain file. A head that cannot be read in time (a slow
// or absent store) gives the plain page rather than an error: the app then reads what it needs itself.
import { gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AuctionListQuerySchema, ForumPostsQuerySchema, IdSchema, publicBaseUrl } from '@app/shared';
import { getAuctionDetail, listAuctions } from '@app/core/auctions';
import { listForumPosts, withinDeadline } from '@app/core/forum';
import { NotFound } from '@app/core';
import {
  escapeHtml,
  headTemplate,
  listHead,
  listingHead,
  notFoundHead,
  renderHead,
  type PageHead,
} from '../http/page-head.js';
import { withLeadPhoto } from '../http/app-shell.js';
import type { FirstScreens } from '../http/first-screens.js';
import { viewerOf } from './forum.js';

/** The longest a page waits for its head's facts before it is sent without them. */
const HEAD_READ_MS = 1500;

/**
 * `plainFor(path)`: the built index.html with that page's prerendered screen (http/app-shell.ts), or the same file for
 * every path; `preloads(path)`: the <link rel="modulepreload"> tags of the page's own code (http/page-preloads.ts);
 * `firstScreens`: draws /auctions' and /community's first screen with their data (http/first-screens.ts), when the
 * build can.
 */
/** `read`'s answer, or 'late' when a page cannot wait for it any longer (it is then sent without it). */
async function inTime<T>(read: Promise<T>): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), HEAD_READ_MS)));
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function pageRoutes(
  plainFor: (path: string) => string,
  preloads: (path: string) => string = () => '',
  firstScreens?: FirstScreens,
): FastifyPluginAsync {
  const templates = new Map<string, (head: string) => string>();
  /** The page's template, split once per distinct HTML (the home page's and the shell's). */
  const templateFor = (path: string) => {
    const html = plainFor(path);
    let t = templates.get(html);
    if (!t) templates.set(html, (t = headTemplate(html)));
    return t;
  };
  return async (app) => {
    const base = publicBaseUrl(app.config);
    const send = (reply: FastifyReply, html: string, status = 200, cacheControl = 'no-cache') => {
      reply.status(status).header('cache-control', cacheControl).header('vary', 'accept-encoding');
      reply.type('text/html; charset=utf-8');
      // The list pages carry their listings as JSON-LD (some 20 kB): gzipped, a fifth of that on a phone's link.
      if (!/\bgzip\b/.test(String(reply.request.headers['accept-encoding'] ?? ''))) return reply.send(html);
      return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    };

    /**
     * The page with the head `read` makes, or the plain page when it fails or is late; a missing listing is a 404.
     * `data`: the API answer the page reads first, fetched alongside the app's code rather than once it has run (the
     * app asks for it with its credentials, which the preload's mode matches so that the browser hands it over).
     */
    async function answer(
      reply: FastifyReply,
      path: string,
      read: () => Promise<PageHead>,
      data?: string,
      body: (html: string, head: PageHead) => string = (html) => html,
    ) {
      try {
        const head = await inTime(read());
        if (head === 'late') {
          reply.log.warn({ path }, 'page head not read in time; sent the plain page');
          return send(reply, plainFor(path));
        }
        const fetchData = data
          ? `\n    <link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(data)}" />`
          : '';
        return send(reply, body(templateFor(path)(`${renderHead(head)}\n    ${preloads(path)}${fetchData}`), head));
      } catch (err) {
        if (err instanceof NotFound) return send(reply, templateFor(path)(renderHead(notFoundHead(base, path))), 404);
        reply.log.warn({ err, path }, 'page head not read; sent the plain page');
        return send(reply, plainFor(path));
      }
    }

    // The list as the page opens it without filters (web: auctionsSearch), as `GET /api/auctions?sort=ending-soon`.
    const liveList = async () =>
      (await listAuctions(app.sql, AuctionListQuerySchema.parse({ sort: 'ending-soon' }))).auctions;
    /** `html` with `path`'s first screen drawn from `answer`; as it was when that cannot be drawn. */
    const drawn = (reply: FastifyReply, html: string, path: '/auctions' | '/community', answer: unknown) => {
      try {
        return firstScreens ? firstScreens(html, path, answer) : html;
      } catch (err) {
        reply.log.warn({ err, path }, 'first screen not drawn; sent the shell');
        return html;
      }
    };

    app.get('/', (_request, reply) =>
      answer(reply, '/', async () => listHead('home', await liveList(), base, Date.now())),
    );
    app.get('/auctions', (request, reply) => {
      // Filters in the URL ask for another list than the one read here: the app reads that one itself.
      const plain = !request.url.includes('?');
      let list: unknown;
      return answer(
        reply,
        '/auctions',
        async () => {
          const auctions = await liveList();
          list = auctions;
          return listHead('auctions', auctions, base, Date.now());
        },
        // Without a first screen, the app's first request is made alongside its code instead.
        plain && !firstScreens ? '/api/auctions?sort=ending-soon' : undefined,
        (html) => (plain && list ? drawn(reply, html, '/auctions', list) : html),
      );
    });
    // The forum as it opens, read as its reader would read it (their likes, what an admin sees): the page is theirs, so
    // no shared cache keeps it. A slow or failing read gives the shell, and the app reads the forum itself.
    app.get('/community', async (request, reply) => {
      const html = plainFor('/community').replace(/<\/head>/i, () => `  ${preloads('/community')}\n  </head>`);
      if (!firstScreens) return send(reply, html);
      try {
        const read = async () =>
          withinDeadline(listForumPosts(app.sql, ForumPostsQuerySchema.parse({}), await viewerOf(request)));
        const posts = await inTime(read());
        if (posts === 'late') return send(reply, html);
        return send(reply, drawn(reply, html, '/community', posts), 200, 'private, no-cache');
      } catch (err) {
        reply.log.warn({ err }, 'forum not read for the first screen; sent the shell');
        return send(reply, html);
      }
    });
    app.get<{ Params: { id: string } }>('/listing/:id', (request, reply) => {
      const path = `/listing/${encodeURIComponent(request.params.id)}`;
      const id = IdSchema.safeParse(request.params.id);
      if (!id.success) return send(reply, templateFor(path)(renderHead(notFoundHead(base, path))), 404);
      return answer(
        reply,
        path,
        async () => listingHead(await getAuctionDetail(app.sql, id.data), base, Date.now()),
        `/api/auctions/${id.data}`,
        // The car's photo in the page's first screen (http/app-shell.ts), when the page shows it as it is.
        (html, head) => (head.leadImage ? withLeadPhoto(html, path, head.leadImage, head.leadImageAlt ?? '') : html),
      );
    });
  };
}
