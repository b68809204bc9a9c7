// The built web app on the same origin as the API; unknown non-API paths get index.html so client routes (and the 404 page)
// work, except under /assets/, where a missing file is answered 404 (plugins/errors.ts).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export async function registerWebApp(app: FastifyInstance, dir: string): Promise<void> {
  const root = resolve(dir);
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error(`WEB_DIST_DIR has no index.html (${root}); build the web app first`);
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: 'index.html',
    // The build writes .br and .gz beside each asset; the one the browser accepts is sent as is.
    preCompressed: true,
    // Hashed asset names never change content; index.html must always be revalidated.
    setHeaders(res, path) {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
